/// `sesame_probe.py`: raw D-Bus calls through jeepney (which SecretStorage is built on), so tests can send exactly
/// the calls they mean, malformed ones included, and see the error name of every answer.
enum PythonProbe {
    static let source = #"""
import sys
from jeepney import DBusAddress, new_method_call, MessageType, HeaderFields
from jeepney.bus_messages import message_bus, MatchRule
from jeepney.io.blocking import open_dbus_connection

SERVICE = "org.freedesktop.secrets"
ROOT = "/org/freedesktop/secrets"
S = "org.freedesktop.Secret.Service"
C = "org.freedesktop.Secret.Collection"
I = "org.freedesktop.Secret.Item"
P = "org.freedesktop.DBus.Properties"

def connect():
    return open_dbus_connection(bus="SESSION")

def call(conn, path, interface, method, signature=None, args=(), timeout=20):
    """(error name or None, body)."""
    msg = new_method_call(DBusAddress(path, bus_name=SERVICE, interface=interface), method, signature, args)
    reply = conn.send_and_get_reply(msg, timeout=timeout)
    if reply.header.message_type == MessageType.error:
        return reply.header.fields.get(HeaderFields.error_name), reply.body
    return None, reply.body

def ok(conn, *a, **k):
    error, body = call(conn, *a, **k)
    if error:
        raise SystemExit("unexpected error %s %r for %r" % (error, body, a[:3]))
    return body

def plain_session(conn):
    return ok(conn, ROOT, S, "OpenSession", "sv", ("plain", ("s", "")))[1]

def secret(session, value, content_type="text/plain"):
    return (session, b"", value, content_type)

def props(label, attributes):
    return {"org.freedesktop.Secret.Item.Label": ("s", label),
            "org.freedesktop.Secret.Item.Attributes": ("a{ss}", attributes)}

def prompt_and_wait(conn, prompt, timeout=30):
    rule = MatchRule(type="signal", interface="org.freedesktop.Secret.Prompt", member="Completed", path=prompt)
    conn.send_and_get_reply(message_bus.AddMatch(rule))
    with conn.filter(rule) as queue:
        ok(conn, prompt, "org.freedesktop.Secret.Prompt", "Prompt", "s", ("",))
        signal = conn.recv_until_filtered(queue, timeout=timeout)
    return signal.body
"""#
}
