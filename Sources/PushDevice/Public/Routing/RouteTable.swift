import PushPayload

/// The declarative ``Router``: the app's scenario `routes`, tried in order.
///
/// For each response, the first entry whose `when` holds and whose required parameters all
/// read is taken (ScenarioFormat.md, "A route"; Rules.md §8). Parameters are read
/// with safe casts by type — a value of another type does not read — and optional parameters
/// fall back to their default, as `userInfo["message-type"] as? String ?? "text"` does in the
/// seed article. An entry with no `action` condition matches any action, dismiss included
/// (Rules.md §8). When nothing matches, the decision names the closest entry and
/// its first failed check (see ``RouteMismatch``).
///
/// - Complexity: O(r · c) per response for r entries of c conditions and parameters each;
///   every key lookup is hashed (O(depth) for a dotted path).
public struct RouteTable: Router, Equatable {
  /// The entries, in the order they are tried.
  public var routes: [RouteConfiguration]

  /// Creates a table from the app's `routes`.
  public init(_ routes: [RouteConfiguration]) {
    self.routes = routes
  }

  /// The first matching entry's route, or the closest entry's failure.
  public func route(for response: NotificationResponse) -> RouteDecision {
    var closest: (mismatch: RouteMismatch, progress: RouteConfiguration.Progress)?
    for configuration in routes {
      switch configuration.evaluate(response) {
      case .success(let route):
        return .matched(route)
      case .failure(let miss):
        if closest.map({ miss.progress > $0.progress }) ?? true {
          closest = (RouteMismatch(route: configuration.name, failure: miss.failure), miss.progress)
        }
      }
    }
    return .unmatched(closest?.mismatch ?? RouteMismatch(route: nil, failure: .noRoutes))
  }
}

extension RouteConfiguration: Router {
  /// This entry alone as a router: its route when its `when` holds and its required parameters
  /// read, else the first failed check.
  public func route(for response: NotificationResponse) -> RouteDecision {
    switch evaluate(response) {
    case .success(let route): .matched(route)
    case .failure(let miss): .unmatched(RouteMismatch(route: name, failure: miss.failure))
    }
  }

  /// How far an entry got before failing: whether its `when` held, then how many checks passed.
  struct Progress: Comparable {
    var conditionsHeld = false
    var checksPassed = 0

    static func < (lhs: Self, rhs: Self) -> Bool {
      if lhs.conditionsHeld != rhs.conditionsHeld { return rhs.conditionsHeld }
      return lhs.checksPassed < rhs.checksPassed
    }
  }

  /// A failed entry: its first failed check and how far it got.
  struct Miss: Error {
    var failure: RouteMismatch.Failure
    var progress: Progress
  }

  /// Checks `when`, then reads `params` in order.
  func evaluate(_ response: NotificationResponse) -> Result<Route, Miss> {
    let payload = response.payload
    var progress = Progress()
    func fail(_ failure: RouteMismatch.Failure) -> Result<Route, Miss> {
      .failure(Miss(failure: failure, progress: progress))
    }

    if let category = when.category {
      let found = response.content.categoryIdentifier
      guard found == category else { return fail(.category(expected: category, found: found)) }
      progress.checksPassed += 1
    }
    if let action = when.action {
      guard action.matches(response.actionIdentifier) else {
        return fail(.action(expected: action, found: response.actionIdentifier))
      }
      progress.checksPassed += 1
    }
    for key in when.has {
      guard RoutePath.value(at: key, in: payload) != nil else { return fail(.missing(key: key)) }
      progress.checksPassed += 1
    }
    for key in when.equals.keys.sorted() {
      guard let expected = when.equals[key] else { continue }
      guard let found = RoutePath.value(at: key, in: payload) else {
        return fail(.missing(key: key))
      }
      guard found == expected else {
        return fail(.notEqual(key: key, expected: expected, found: found))
      }
      progress.checksPassed += 1
    }
    progress.conditionsHeld = true

    var values: [String: RouteValue] = [:]
    values.reserveCapacity(params.count)
    for parameter in params {
      let found = RoutePath.value(at: parameter.key, in: payload)
      if let found, let value = parameter.type.read(found) {
        values[parameter.name] = value
        progress.checksPassed += 1
        continue
      }
      if parameter.required {
        guard let found else { return fail(.missing(key: parameter.key)) }
        return fail(.wrongType(key: parameter.key, found: found, expected: parameter.type))
      }
      if let fallback = parameter.default { values[parameter.name] = fallback }
    }
    return .success(Route(name: name, params: values))
  }
}

/// Reads a route key from a payload: a top-level key, else a dotted path (`aps.thread-id`).
///
/// Mirrors how an app reaches into `userInfo`: `userInfo["chat-id"]`, or
/// `(userInfo["aps"] as? [String: Any])?["thread-id"]`; a step into anything but an object
/// (or an array, by a numeric component) finds nothing. Never traps on input.
enum RoutePath {
  /// The value at `key` in `payload`, or `nil` when it is not there.
  ///
  /// - Complexity: O(number of path components); each step is a hashed lookup.
  static func value(at key: String, in payload: JSONValue) -> JSONValue? {
    if let direct = payload[key] { return direct }
    guard key.contains(".") else { return nil }
    var current = payload
    for component in key.split(separator: ".", omittingEmptySubsequences: false) {
      switch current.kind {
      case .object(let object):
        guard let next = object[String(component)] else { return nil }
        current = next
      case .array(let elements):
        guard let index = Int(component), elements.indices.contains(index) else { return nil }
        current = elements[index]
      default:
        return nil
      }
    }
    return current
  }
}
