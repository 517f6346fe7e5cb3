// Intentionally empty: `os.log` only needs to exist as a Clang submodule; its declarations are
// the Swift module `os`'s (see module.modulemap).
