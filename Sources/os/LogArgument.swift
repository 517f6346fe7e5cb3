import Foundation

/// What an `os_log` argument is, read from its dynamic type (never by a bridging cast, which
/// would take an `Int` for an `NSNumber`): what a ``LogSpecifier`` checks it against.
enum LogArgument {
  /// A Swift string: `%@`, `%s` and `%S` write it.
  case string(String)
  /// A pointer to C characters: `%s` reads it up to its NUL (or its precision); `%p` writes it.
  case cString(UnsafeRawPointer)
  /// An integer of any width: the integer conversions (`%d`, `%x`, `%c`, …).
  case integer
  /// A `Double`, `Float` or `CGFloat`: the floating-point conversions (`%f`, `%g`, …).
  case floating
  /// Another pointer: `%p`.
  case pointer
  /// An object (`NSString`): `%@` writes its description.
  case object
  /// Anything else: no conversion reads it.
  case other

  /// The kind of `argument`.
  init(_ argument: any CVarArg) {
    let type = type(of: argument)
    if type == String.self, let text = argument as? String {
      self = .string(text)
    } else if type is any BinaryInteger.Type {
      self = .integer
    } else if type == Double.self || type == Float.self || type == CGFloat.self {
      self = .floating
    } else if let characters = Self.characters(argument) {
      self = .cString(characters)
    } else if type is any _Pointer.Type || type == OpaquePointer.self {
      // `_Pointer` is the standard library's protocol of the typed and raw pointers.
      self = .pointer
    } else if type is AnyObject.Type {
      self = .object
    } else {
      self = .other
    }
  }

  /// `argument`'s address when it points to C characters (`CChar` is `Int8` or `UInt8`).
  private static func characters(_ argument: any CVarArg) -> UnsafeRawPointer? {
    switch argument {
    case let pointer as UnsafePointer<Int8>: UnsafeRawPointer(pointer)
    case let pointer as UnsafeMutablePointer<Int8>: UnsafeRawPointer(pointer)
    case let pointer as UnsafePointer<UInt8>: UnsafeRawPointer(pointer)
    case let pointer as UnsafeMutablePointer<UInt8>: UnsafeRawPointer(pointer)
    default: nil
    }
  }

  /// The text of a C string at `pointer`: up to its NUL, or at most `limit` bytes (a precision
  /// bounds the read, as `printf`'s does), as UTF-8.
  static func text(ofCString pointer: UnsafeRawPointer, limit: Int?) -> String {
    let bytes = pointer.assumingMemoryBound(to: CChar.self)
    let count = limit.map { strnlen(bytes, $0) } ?? strlen(bytes)
    let buffer = UnsafeRawBufferPointer(start: pointer, count: count)
    return String(decoding: buffer, as: UTF8.self)
  }
}
