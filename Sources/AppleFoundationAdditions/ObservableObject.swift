import Combine

/// Apple's Foundation names Combine's `ObservableObject` and `Published` too (typealiases), so a
/// model or service class in a file that imports only Foundation (or a framework that brings
/// it) can be an `ObservableObject` with `@Published` properties; Linux's Foundation does not.
/// Both are PushSim's Combine's (imported, not re-exported: as on Apple platforms, the rest of
/// Combine needs `import Combine`).
public typealias ObservableObject = Combine.ObservableObject

/// Combine's `Published`, as Apple's Foundation names it (``ObservableObject``).
public typealias Published = Combine.Published
