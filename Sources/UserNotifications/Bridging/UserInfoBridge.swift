/// `userInfo` as an iOS app holds it: Foundation objects, copied as `NSDictionary` does, and
/// read back as plain values (``UserInfoValue``) that the hosting device writes as JSON.
///
/// iOS decodes a push with `JSONSerialization`, so `userInfo` holds Foundation objects:
/// - numbers are `NSNumber`: an integer (`3`) is an integer `NSNumber`, a number with a fraction or
///   an exponent (`3.5`, `1e2`) a double one, `true`/`false` the Boolean `NSNumber`. Casting
///   follows Swift's `NSNumber` bridging (SE-0170), the same on Linux as on iOS: `as? Int` succeeds
///   when the value is a whole number that fits (`3`, `3.0`, `true` is 1) and fails for `3.5`;
///   `as? Double` succeeds for `3` (3.0); `as? Bool` succeeds for `true`, `false`, 0 and 1 only;
///   a number is never `as? String`;
/// - integers beyond `Int` but within `UInt64` are unsigned `NSNumber`s, larger ones doubles, as
///   `JSONSerialization` does;
/// - strings are strings (also `as? NSString`), `null` is `NSNull`;
/// - arrays are `[Any]` (`as? NSArray`, `as? [Int]` when every element is a whole number…);
/// - objects are `[String: Any]`: they cast to `NSDictionary`, `[AnyHashable: Any]`, and
///   `[String: String]` exactly when every value is a string.
/// When an object has a key twice, the last value wins, as with `JSONSerialization`.
package enum UserInfoBridge {
  /// How deep `userInfo` is followed: as deep as a payload can nest (the JSON reader's limit,
  /// 512). An app's own dictionary may nest deeper, or hold itself (an `NSMutableDictionary`
  /// inside itself); below this depth it is cut, never followed into a stack overflow.
  package static let maximumDepth = 512

  /// A `userInfo` as it reads back after iOS's setter copied it into an `NSDictionary`: Swift
  /// numbers and Booleans become `NSNumber`s (so a Swift `3` stored there is `as? Double` 3.0, as
  /// on iOS), nested dictionaries and arrays likewise; strings, `NSNull` and other objects stay.
  /// Below ``maximumDepth`` values stay as they are.
  package static func objectiveCBridged(_ userInfo: [AnyHashable: Any]) -> [AnyHashable: Any] {
    userInfo.mapValues { objectiveCBridged($0, depth: 1) }
  }

  private static func objectiveCBridged(_ value: Any, depth: Int) -> Any {
    guard depth < maximumDepth else { return value }
    switch Nested(value) {
    case .dictionary(let entries)?:
      var dictionary: [AnyHashable: Any] = [:]
      for (key, member) in entries { dictionary[key] = objectiveCBridged(member, depth: depth + 1) }
      return dictionary
    case .array(let elements)?: return elements.map { objectiveCBridged($0, depth: depth + 1) }
    case nil:
      switch value {
      case is String, is NSNull: return value
      case let number as NSNumber: return number
      default: return value
      }
    }
  }

  /// Whether `userInfo` nests deeper than ``maximumDepth`` (or holds itself): what
  /// ``json(from:)`` cuts.
  package static func exceedsMaximumDepth(_ userInfo: [AnyHashable: Any]) -> Bool {
    userInfo.values.contains { exceedsMaximumDepth($0, depth: 1) }
  }

  private static func exceedsMaximumDepth(_ value: Any, depth: Int) -> Bool {
    switch Nested(value) {
    case nil: return false
    case .dictionary(let entries)?:
      return depth >= maximumDepth
        || entries.contains { exceedsMaximumDepth($0.value, depth: depth + 1) }
    case .array(let elements)?:
      return depth >= maximumDepth
        || elements.contains { exceedsMaximumDepth($0, depth: depth + 1) }
    }
  }

  /// A dictionary's entries or an array's elements, read one level deep.
  ///
  /// swift-corelibs-foundation hands out an `NSDictionary`'s or `NSArray`'s values (through
  /// `object(forKey:)`, enumeration or an `as?` cast) bridged to Swift collections, converting
  /// every collection inside them too, so one that holds itself never finishes. Its storage,
  /// which its mirror shows, holds the objects as they are: they are read from there.
  private enum Nested {
    case dictionary([(key: AnyHashable, value: Any)])
    case array([Any])

    init?(_ value: Any) {
      if type(of: value) is AnyObject.Type {
        if value is NSDictionary {
          self = .dictionary(
            Mirror(reflecting: value).children.compactMap { child in
              guard let (key, member) = child.value as? (key: NSObject, value: AnyObject) else {
                return nil
              }
              return ((key as? String).map(AnyHashable.init) ?? AnyHashable(key), member)
            })
        } else if value is NSArray {
          self = .array(Mirror(reflecting: value).children.map(\.value))
        } else {
          return nil
        }
      } else if let dictionary = value as? [AnyHashable: Any] {
        self = .dictionary(dictionary.map { ($0.key, $0.value) })
      } else if let array = value as? [Any] {
        self = .array(array)
      } else {
        return nil
      }
    }
  }

  /// `userInfo` as plain values (what the device stores as JSON when an extension changed it).
  ///
  /// `NSNumber`s of Boolean type become `true`/`false`, whole numbers integers, others doubles;
  /// Swift `Bool`, integers and floating-point values the same; `NSNull` is `null`. Keys that
  /// are not strings are written with their description, and values JSON cannot hold (a `Date`,
  /// `Data`, a number that is not finite) as their description (`source: model`: iOS keeps them
  /// in memory, but a payload cannot carry them). A dictionary or array below
  /// ``maximumDepth`` is `null` (Rules.md §9.10).
  package static func plainValue(of userInfo: [AnyHashable: Any]) -> UserInfoValue {
    plainValue(entries: userInfo.map { ($0.key, $0.value) }, depth: 0)
  }

  private static func plainValue(entries: [(key: AnyHashable, value: Any)], depth: Int)
    -> UserInfoValue
  {
    guard depth < maximumDepth else { return .null }
    return .object(
      entries.sorted(by: { "\($0.key)" < "\($1.key)" }).map { key, value in
        UserInfoValue.Member(
          key: (key.base as? String) ?? "\(key)", value: plainValue(value, depth: depth + 1))
      })
  }

  private static func plainValue(_ value: Any, depth: Int) -> UserInfoValue {
    switch Nested(value) {
    case .dictionary(let entries)?: return plainValue(entries: entries, depth: depth)
    case .array(let elements)?:
      guard depth < maximumDepth else { return .null }
      return .array(elements.map { plainValue($0, depth: depth + 1) })
    case nil: break
    }
    switch value {
    case is NSNull: return .null
    case let number as NSNumber where isBoolean(number): return .bool(number.boolValue)
    case let flag as Bool where !(value is NSNumber): return .bool(flag)
    case let text as String: return .string(text)
    case let number as NSNumber:
      let type = number.objCType.pointee
      if type == UInt8(ascii: "d") || type == UInt8(ascii: "f") {
        let double = number.doubleValue
        guard double.isFinite else { return .string(String(describing: double)) }
        return .double(double)
      }
      if type == UInt8(ascii: "Q"), number.uint64Value > UInt64(Int.max) {
        return .unsigned(number.uint64Value)
      }
      return .integer(number.intValue)
    default: return .string(String(describing: value))
    }
  }

  private static func isBoolean(_ number: NSNumber) -> Bool {
    number.objCType.pointee == UInt8(ascii: "c") && (number.int8Value == 0 || number.int8Value == 1)
  }
}

/// A `userInfo` value as plain data (``UserInfoBridge/plainValue(of:)``): what JSON can hold,
/// an object's members sorted by key.
package enum UserInfoValue: Equatable, Sendable {
  /// `NSNull`.
  case null
  /// A Boolean.
  case bool(Bool)
  /// A whole number that fits `Int`.
  case integer(Int)
  /// A whole number beyond `Int`.
  case unsigned(UInt64)
  /// A finite number with a fraction.
  case double(Double)
  /// A string (also a value JSON cannot hold, by its description).
  case string(String)
  /// An array.
  case array([UserInfoValue])
  /// A dictionary, its members sorted by key.
  case object([Member])

  /// One member of a dictionary.
  package struct Member: Equatable, Sendable {
    /// The key (a key that is not a string, by its description).
    package var key: String
    /// The value.
    package var value: UserInfoValue
  }
}
