// A stand-in for PushServe's `RequestAuthentication` (the connection's verdict on a request's
// credentials, Sources/PushServe/APNs/ConnectionAuthentication.swift), which `ServeRequest`
// stores: the request reader never sets it, and the real one needs the TLS and token code.
enum RequestAuthentication: Sendable {}
