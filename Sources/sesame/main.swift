print("sesame")
