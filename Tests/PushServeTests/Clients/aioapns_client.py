"""aioapns, a real APNs client from PyPI, pointed at `pushsim serve` over TLS: its two class
attributes name the host and port, its `ssl_context` trusts the made CA, and it signs its own
provider token (ES256, PyJWT) with a P-256 key made by `openssl`. Prints one JSON object per
notification sent: {"token", "status", "description", "timestamp"}.

Usage: aioapns_client.py PORT CA_PEM KEY_P8 KEY_ID TEAM_ID TOPIC TOKEN...   (a token may be
repeated: all are sent at once, as a backend sends a batch)
"""
import asyncio
import json
import ssl
import sys

from aioapns import APNs, NotificationRequest, PushType
from aioapns.connection import APNsDevelopmentClientProtocol, APNsTLSClientProtocol


async def main():
    port, ca, key_path, key_id, team_id, topic = sys.argv[1:7]
    tokens = sys.argv[7:]
    APNsDevelopmentClientProtocol.APNS_SERVER = "localhost"
    APNsTLSClientProtocol.APNS_PORT = int(port)
    with open(key_path) as handle:
        key = handle.read()
    client = APNs(
        key=key, key_id=key_id, team_id=team_id, topic=topic, use_sandbox=True,
        ssl_context=ssl.create_default_context(cafile=ca), max_connections=1)
    requests = [
        NotificationRequest(device_token=token, message={"aps": {"alert": "Hola %d" % index}},
                            push_type=PushType.ALERT)
        for index, token in enumerate(tokens)]
    results = await asyncio.wait_for(
        asyncio.gather(*(client.send_notification(request) for request in requests)), 30)
    for token, result in zip(tokens, results):
        print(json.dumps({"token": token, "status": result.status,
                          "description": result.description, "timestamp": result.timestamp}))


asyncio.run(main())
