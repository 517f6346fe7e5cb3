// node-apn's transport, without node-apn (npm is out of reach here): Node's built-in `http2`,
// connected and used exactly as @parse/node-apn 7.1's lib/client.js and lib/config.js do it:
// `http2.connect("https://" + address, config)` with node-apn's own configuration object
// (its defaults, `address`, `port`, `ca` read into buffers, `rejectUnauthorized`), one session
// for every notification, each a POST stream with `:scheme`, `:method`, `:authority`, `:path`,
// the notification's headers and `authorization: bearer <ES256 JWT>` (signed here as
// node-apn's `token.js` signs it: header {alg, kid}, claims {iss, iat}), then its heartbeat
// PING. Prints one JSON object: {"results": [{"device", "status", "reason"}], "ping": bool}.
//
// Usage: node node_apn_client.js PORT CA_PEM KEY_P8 KEY_ID TEAM_ID TOPIC TOKEN...
"use strict";
const crypto = require("crypto");
const fs = require("fs");
const http2 = require("http2");

const [port, caPath, keyPath, keyId, teamId, topic, ...devices] = process.argv.slice(2);

// lib/config.js's defaults, then the options a backend passes to `new apn.Provider(...)`.
const config = {
  token: { key: keyPath, keyId, teamId },
  ca: [fs.readFileSync(caPath)],
  pfx: null,
  passphrase: null,
  production: false,
  address: "localhost",
  port: Number(port),
  manageBroadcastAddress: "api-manage-broadcast.sandbox.push.apple.com",
  manageBroadcastPort: 2195,
  proxy: null,
  manageBroadcastProxy: null,
  rejectUnauthorized: true,
  connectionRetryLimit: 10,
  heartBeat: 60000,
  requestTimeout: 5000,
};

function base64url(buffer) {
  return Buffer.from(buffer).toString("base64").replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
}

// lib/token.js: jsonwebtoken's ES256 with { algorithm: "ES256", issuer: teamId, header: { kid } }.
function providerToken() {
  const header = base64url(JSON.stringify({ alg: "ES256", typ: "JWT", kid: keyId }));
  const claims = base64url(JSON.stringify({ iat: Math.floor(Date.now() / 1000), iss: teamId }));
  const signature = crypto.sign("sha256", Buffer.from(header + "." + claims), {
    key: fs.readFileSync(keyPath),
    dsaEncoding: "ieee-p1363",
  });
  return header + "." + claims + "." + base64url(signature);
}

const {
  HTTP2_HEADER_STATUS, HTTP2_HEADER_SCHEME, HTTP2_HEADER_METHOD, HTTP2_HEADER_AUTHORITY,
  HTTP2_HEADER_PATH, HTTP2_METHOD_POST,
} = http2.constants;

const session = http2.connect(`https://${config.address}`, config);
session.on("error", (error) => {
  console.log(JSON.stringify({ error: error.message }));
  process.exit(1);
});
const token = providerToken();

function write(device, index) {
  return new Promise((resolve) => {
    const headers = {
      [HTTP2_HEADER_SCHEME]: "https",
      [HTTP2_HEADER_METHOD]: HTTP2_METHOD_POST,
      [HTTP2_HEADER_AUTHORITY]: config.address,
      [HTTP2_HEADER_PATH]: `/3/device/${device}`,
      "apns-topic": topic,
      "apns-push-type": "alert",
      "apns-priority": "10",
      authorization: `bearer ${token}`,
    };
    const request = session.request(headers);
    request.setTimeout(config.requestTimeout, () => resolve({ device, error: "timeout" }));
    request.setEncoding("utf8");
    let status = null;
    let data = "";
    request.on("response", (response) => { status = response[HTTP2_HEADER_STATUS]; });
    request.on("data", (chunk) => { data += chunk; });
    request.on("end", () => {
      resolve({ device, status, reason: data ? JSON.parse(data).reason : null });
    });
    request.on("error", (error) => resolve({ device, error: error.message }));
    request.write(JSON.stringify({ aps: { alert: `Hola ${index}` } }));
    request.end();
  });
}

// APNs allows one stream until a request is authenticated: the first notification alone, then
// the rest at once (sent at once from the start, the streams past the first are refused with
// REFUSED_STREAM before the client has acknowledged the limit of one).
write(devices[0], 0).then((first) =>
  Promise.all(devices.slice(1).map((device, index) => write(device, index + 1)))
    .then((rest) => [first, ...rest])
).then((results) => {
  session.ping((error) => {
    console.log(JSON.stringify({ results, ping: !error, alpn: session.alpnProtocol }));
    session.close();
  });
});
