// Stand-in for AuthenticationServices on Linux (see UIKit/UIViewController.swift for why it cannot reach a Mac).
//
// Follows the Swift overlay of the iPhoneOS 26.2 SDK (AuthenticationServices.swiftinterface), iOS 26.0+: a Codable,
// Hashable, Sendable enum with one case per CXF credential kind, each carrying a struct of `var`s with the SDK's
// memberwise initializer (defaults where the SDK has them). Built with library evolution like the SDK, so a switch
// over it from the shell needs `@unknown default`.
#if !os(Linux)
#error("Stand-in for an Apple framework: build it on Linux only.")
#endif

import Foundation

/// One credential of an importable item, by kind (CXF's credential types).
/// https://developer.apple.com/documentation/authenticationservices/asimportablecredential
@available(iOS 26.0, macOS 26.0, visionOS 26.0, *)
@available(watchOS, unavailable)
@available(tvOS, unavailable)
public enum ASImportableCredential: Codable, Hashable, Sendable {
    case address(Address)
    case apiKey(APIKey)
    case basicAuthentication(BasicAuthentication)
    case creditCard(CreditCard)
    case customFields(CustomFields)
    case driversLicense(DriversLicense)
    case generatedPassword(GeneratedPassword)
    case identityDocument(IdentityDocument)
    case itemReference(ItemReference)
    case note(Note)
    case passkey(Passkey)
    case passport(Passport)
    case personName(PersonName)
    case sshKey(SSHKey)
    case totp(TOTP)
    case wifi(WiFi)

    public struct Address: Codable, Hashable, Sendable {
        public var streetAddress: ASImportableEditableField?
        public var postalCode: ASImportableEditableField?
        public var city: ASImportableEditableField?
        public var territory: ASImportableEditableField?
        public var country: ASImportableEditableField?
        public var telephone: ASImportableEditableField?

        public init(
            streetAddress: ASImportableEditableField?,
            postalCode: ASImportableEditableField?,
            city: ASImportableEditableField?,
            territory: ASImportableEditableField?,
            country: ASImportableEditableField?,
            telephone: ASImportableEditableField?
        ) {
            self.streetAddress = streetAddress
            self.postalCode = postalCode
            self.city = city
            self.territory = territory
            self.country = country
            self.telephone = telephone
        }
    }

    public struct APIKey: Codable, Hashable, Sendable {
        public var key: ASImportableEditableField?
        public var userName: ASImportableEditableField?
        public var keyType: ASImportableEditableField?
        public var url: ASImportableEditableField?
        public var validFrom: ASImportableEditableField?
        public var expiryDate: ASImportableEditableField?

        public init(
            key: ASImportableEditableField?,
            userName: ASImportableEditableField?,
            keyType: ASImportableEditableField?,
            url: ASImportableEditableField?,
            validFrom: ASImportableEditableField?,
            expiryDate: ASImportableEditableField?
        ) {
            self.key = key
            self.userName = userName
            self.keyType = keyType
            self.url = url
            self.validFrom = validFrom
            self.expiryDate = expiryDate
        }
    }

    public struct BasicAuthentication: Codable, Hashable, Sendable {
        public var userName: ASImportableEditableField?
        public var password: ASImportableEditableField?

        public init(userName: ASImportableEditableField? = nil, password: ASImportableEditableField? = nil) {
            self.userName = userName
            self.password = password
        }
    }

    public struct CreditCard: Codable, Hashable, Sendable {
        public var number: ASImportableEditableField?
        public var fullName: ASImportableEditableField?
        public var cardType: ASImportableEditableField?
        public var verificationNumber: ASImportableEditableField?
        public var pin: ASImportableEditableField?
        public var expiryDate: ASImportableEditableField?
        public var validFrom: ASImportableEditableField?

        public init(
            number: ASImportableEditableField?,
            fullName: ASImportableEditableField?,
            cardType: ASImportableEditableField?,
            verificationNumber: ASImportableEditableField?,
            pin: ASImportableEditableField?,
            expiryDate: ASImportableEditableField?,
            validFrom: ASImportableEditableField?
        ) {
            self.number = number
            self.fullName = fullName
            self.cardType = cardType
            self.verificationNumber = verificationNumber
            self.pin = pin
            self.expiryDate = expiryDate
            self.validFrom = validFrom
        }
    }

    public struct CustomFields: Codable, Hashable, Sendable {
        public var id: Data?
        public var label: String?
        public var fields: [ASImportableEditableField]

        public init(id: Data? = nil, label: String? = nil, fields: [ASImportableEditableField]) {
            self.id = id
            self.label = label
            self.fields = fields
        }
    }

    public struct DriversLicense: Codable, Hashable, Sendable {
        public var fullName: ASImportableEditableField?
        public var birthDate: ASImportableEditableField?
        public var issueDate: ASImportableEditableField?
        public var expiryDate: ASImportableEditableField?
        public var issuingAuthority: ASImportableEditableField?
        public var territory: ASImportableEditableField?
        public var country: ASImportableEditableField?
        public var licenseNumber: ASImportableEditableField?
        public var licenseClass: ASImportableEditableField?

        public init(
            fullName: ASImportableEditableField?,
            birthDate: ASImportableEditableField?,
            issueDate: ASImportableEditableField?,
            expiryDate: ASImportableEditableField?,
            issuingAuthority: ASImportableEditableField?,
            territory: ASImportableEditableField?,
            country: ASImportableEditableField?,
            licenseNumber: ASImportableEditableField?,
            licenseClass: ASImportableEditableField?
        ) {
            self.fullName = fullName
            self.birthDate = birthDate
            self.issueDate = issueDate
            self.expiryDate = expiryDate
            self.issuingAuthority = issuingAuthority
            self.territory = territory
            self.country = country
            self.licenseNumber = licenseNumber
            self.licenseClass = licenseClass
        }
    }

    public struct GeneratedPassword: Codable, Hashable, Sendable {
        public var password: String

        public init(password: String) {
            self.password = password
        }
    }

    public struct IdentityDocument: Codable, Hashable, Sendable {
        public var issuingCountry: ASImportableEditableField?
        public var documentNumber: ASImportableEditableField?
        public var identificationNumber: ASImportableEditableField?
        public var nationality: ASImportableEditableField?
        public var fullName: ASImportableEditableField?
        public var birthDate: ASImportableEditableField?
        public var birthPlace: ASImportableEditableField?
        public var sex: ASImportableEditableField?
        public var issueDate: ASImportableEditableField?
        public var expiryDate: ASImportableEditableField?
        public var issuingAuthority: ASImportableEditableField?

        public init(
            issuingCountry: ASImportableEditableField?,
            documentNumber: ASImportableEditableField?,
            identificationNumber: ASImportableEditableField?,
            nationality: ASImportableEditableField?,
            fullName: ASImportableEditableField?,
            birthDate: ASImportableEditableField?,
            birthPlace: ASImportableEditableField?,
            sex: ASImportableEditableField?,
            issueDate: ASImportableEditableField?,
            expiryDate: ASImportableEditableField?,
            issuingAuthority: ASImportableEditableField?
        ) {
            self.issuingCountry = issuingCountry
            self.documentNumber = documentNumber
            self.identificationNumber = identificationNumber
            self.nationality = nationality
            self.fullName = fullName
            self.birthDate = birthDate
            self.birthPlace = birthPlace
            self.sex = sex
            self.issueDate = issueDate
            self.expiryDate = expiryDate
            self.issuingAuthority = issuingAuthority
        }
    }

    public struct ItemReference: Codable, Hashable, Sendable {
        public var reference: ASImportableLinkedItem

        public init(reference: ASImportableLinkedItem) {
            self.reference = reference
        }
    }

    public struct Note: Codable, Hashable, Sendable {
        public var content: ASImportableEditableField

        public init(content: ASImportableEditableField) {
            self.content = content
        }
    }

    public struct Passkey: Codable, Hashable, Sendable {
        public var credentialID: Data
        public var relyingPartyIdentifier: String
        public var userName: String
        public var userDisplayName: String
        public var userHandle: Data
        public var key: Data

        public init(
            credentialID: Data,
            relyingPartyIdentifier: String,
            userName: String,
            userDisplayName: String,
            userHandle: Data,
            key: Data
        ) {
            self.credentialID = credentialID
            self.relyingPartyIdentifier = relyingPartyIdentifier
            self.userName = userName
            self.userDisplayName = userDisplayName
            self.userHandle = userHandle
            self.key = key
        }
    }

    public struct Passport: Codable, Hashable, Sendable {
        public var issuingCountry: ASImportableEditableField?
        public var passportType: ASImportableEditableField?
        public var passportNumber: ASImportableEditableField?
        public var nationalIdentificationNumber: ASImportableEditableField?
        public var nationality: ASImportableEditableField?
        public var fullName: ASImportableEditableField?
        public var birthDate: ASImportableEditableField?
        public var birthPlace: ASImportableEditableField?
        public var sex: ASImportableEditableField?
        public var issueDate: ASImportableEditableField?
        public var expiryDate: ASImportableEditableField?
        public var issuingAuthority: ASImportableEditableField?

        public init(
            issuingCountry: ASImportableEditableField?,
            passportType: ASImportableEditableField?,
            passportNumber: ASImportableEditableField?,
            nationalIdentificationNumber: ASImportableEditableField?,
            nationality: ASImportableEditableField?,
            fullName: ASImportableEditableField?,
            birthDate: ASImportableEditableField?,
            birthPlace: ASImportableEditableField?,
            sex: ASImportableEditableField?,
            issueDate: ASImportableEditableField?,
            expiryDate: ASImportableEditableField?,
            issuingAuthority: ASImportableEditableField?
        ) {
            self.issuingCountry = issuingCountry
            self.passportType = passportType
            self.passportNumber = passportNumber
            self.nationalIdentificationNumber = nationalIdentificationNumber
            self.nationality = nationality
            self.fullName = fullName
            self.birthDate = birthDate
            self.birthPlace = birthPlace
            self.sex = sex
            self.issueDate = issueDate
            self.expiryDate = expiryDate
            self.issuingAuthority = issuingAuthority
        }
    }

    public struct PersonName: Codable, Hashable, Sendable {
        public var title: ASImportableEditableField?
        public var given: ASImportableEditableField?
        public var givenInformal: ASImportableEditableField?
        public var given2: ASImportableEditableField?
        public var surnamePrefix: ASImportableEditableField?
        public var surname: ASImportableEditableField?
        public var surname2: ASImportableEditableField?
        public var credentials: ASImportableEditableField?
        public var generation: ASImportableEditableField?

        public init(
            title: ASImportableEditableField?,
            given: ASImportableEditableField?,
            givenInformal: ASImportableEditableField?,
            given2: ASImportableEditableField?,
            surnamePrefix: ASImportableEditableField?,
            surname: ASImportableEditableField?,
            surname2: ASImportableEditableField?,
            credentials: ASImportableEditableField?,
            generation: ASImportableEditableField?
        ) {
            self.title = title
            self.given = given
            self.givenInformal = givenInformal
            self.given2 = given2
            self.surnamePrefix = surnamePrefix
            self.surname = surname
            self.surname2 = surname2
            self.credentials = credentials
            self.generation = generation
        }
    }

    public struct SSHKey: Codable, Hashable, Sendable {
        public var keyType: String
        public var privateKey: Data
        public var keyComment: String?
        public var creationDate: ASImportableEditableField?
        public var expiryDate: ASImportableEditableField?
        public var keyGenerationSource: ASImportableEditableField?

        public init(
            keyType: String,
            privateKey: Data,
            keyComment: String?,
            creationDate: ASImportableEditableField?,
            expiryDate: ASImportableEditableField?,
            keyGenerationSource: ASImportableEditableField?
        ) {
            self.keyType = keyType
            self.privateKey = privateKey
            self.keyComment = keyComment
            self.creationDate = creationDate
            self.expiryDate = expiryDate
            self.keyGenerationSource = keyGenerationSource
        }
    }

    public struct TOTP: Codable, Hashable, Sendable {
        public enum Algorithm: String, Codable, Hashable, Sendable {
            case sha1
            case sha256
            case sha512
        }

        public var secret: Data
        public var period: UInt16
        public var digits: UInt16
        public var userName: String?
        public var algorithm: Algorithm
        public var issuer: String?

        public init(
            secret: Data,
            period: UInt16,
            digits: UInt16,
            userName: String?,
            algorithm: Algorithm,
            issuer: String? = nil
        ) {
            self.secret = secret
            self.period = period
            self.digits = digits
            self.userName = userName
            self.algorithm = algorithm
            self.issuer = issuer
        }
    }

    public struct WiFi: Codable, Hashable, Sendable {
        public var ssid: ASImportableEditableField?
        public var networkSecurityType: ASImportableEditableField?
        public var passphrase: ASImportableEditableField?
        public var hidden: ASImportableEditableField?

        public init(
            ssid: ASImportableEditableField?,
            networkSecurityType: ASImportableEditableField?,
            passphrase: ASImportableEditableField?,
            hidden: ASImportableEditableField? = nil
        ) {
            self.ssid = ssid
            self.networkSecurityType = networkSecurityType
            self.passphrase = passphrase
            self.hidden = hidden
        }
    }
}
