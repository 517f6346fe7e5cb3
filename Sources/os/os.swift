// PushSim's `os` for Linux: the logging API of Apple's `os` module (`Logger`, `os_log`, `OSLog`,
// `OSLogType`), so a notification extension's log lines compile unchanged and, on a simulated
// device, appear in the device's event log as `app.log` events of the push being handled.
//
// `import os.log` names a Clang submodule, a spelling only Apple's SDK can offer: on Linux write
// `import os` (which, as on Apple platforms, gives both `os_log` and `Logger`) or `import OSLog`.
// Outside a device, lines go to standard error.
