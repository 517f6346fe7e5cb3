// PushSim's `OSLog` for Linux: on Apple platforms `import OSLog` gives `Logger` and the rest of
// the `os` logging API (and `OSLogStore`, which reads the log back and has no Linux
// counterpart). Here it re-exports PushSim's `os` module.

@_exported import os
