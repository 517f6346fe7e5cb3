import Synchronization

/// Whether a Focus is on and the app's access to it (`INFocusStatusCenter`, Rules.md §16),
/// kept for the app's code to read from any thread: Intents' API is synchronous.
package final class FocusStatusAccess: Sendable {
  private struct State {
    var isFocused: Bool
    var authorization: FocusStatusAuthorization
  }
  private let state: Mutex<State>

  init(isFocused: Bool, authorization: FocusStatusAuthorization) {
    state = Mutex(State(isFocused: isFocused, authorization: authorization))
  }

  /// Whether a Focus is on now.
  package var isFocused: Bool { state.withLock { $0.isFocused } }

  /// The app's access now.
  package var authorization: FocusStatusAuthorization { state.withLock { $0.authorization } }

  /// The app asks for access: the user allows a first request; any other status stays.
  package func request() -> FocusStatusAuthorization {
    state.withLock { state in
      state.authorization = state.authorization.afterRequest
      return state.authorization
    }
  }

  /// The device's Focus changed (a `set` step).
  func deviceChanged(isFocused: Bool) {
    state.withLock { $0.isFocused = isFocused }
  }

  /// A `set` step changed the app: a new `focusStatusAuthorization` replaces what the app's
  /// requests made of it; another change keeps it.
  func appChanged(from old: FocusStatusAuthorization, to app: AppConfiguration) {
    guard app.focusStatusAuthorization != old else { return }
    state.withLock { $0.authorization = app.focusStatusAuthorization }
  }

  /// A fresh install has not asked.
  func reinstalled() {
    state.withLock { $0.authorization = .notDetermined }
  }
}
