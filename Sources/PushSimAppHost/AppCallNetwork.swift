import PushDevice
import UserNotifications
import os

/// The network of one call into the app's delegate, background handler or launch code: its
/// requests are answered by the device as an extension's are, from the scenario's `requests`
/// table or the network, within 30 s of scenario time (Rules.md §7.1), and recorded as events of
/// the push the call handles when it is over. A request still running then gets no answer (on
/// iOS the app is suspended once it has called its completion handler).
struct AppCallNetwork {
  /// The run the call's requests carry (``ExtensionRun/tagHeader``).
  let run: ExtensionRun
  /// The run's context: what the call's requests and log lines leave.
  let context: ServiceExtensionContext

  /// The time iOS gives a background handler to fetch and call its completion handler; the
  /// delegate's methods get the same (Apple documents no bound for them).
  static let budget: Duration = .seconds(30)

  /// Where the call's log lines go: the run's log, so they join its requests in the order
  /// they happened.
  let log: AppLogSink

  /// Opens the network of a call on `host`'s device for `push`; `nil` without a device.
  init?(host: DeviceHost?, push: String?, center: UNUserNotificationCenter?) async {
    guard let host else { return nil }
    DeviceURLProtocol.installOnce()
    context = await host.appCallContext(push: push, budget: Self.budget)
    log = HostedLog.sink(for: context)
    run = ExtensionRun(device: context, center: center, isServiceExtension: false, log: log)
    ExtensionRun.register(run)
  }

  /// Closes the network and records what the call did (its requests, log lines and framework
  /// calls) on `host`'s device, as events of `push`.
  func finish(on host: DeviceHost?, push: String?) async {
    ExtensionRun.unregister(run)
    run.removeTemporaryDirectory()
    let events = context.finish()
    guard let host, !events.isEmpty else { return }
    await host.appCall { $0.recordAppCallEvents(events, push: push) }
  }
}

/// The process a call into the app's code runs in (its delegate, background handler, launch
/// code or PushKit delegate): what the host gives it, with the network of the call
/// (``AppCallNetwork``), whose requests and log lines are events of the push the call handles.
struct AppCallProcess {
  /// What the call's code sees.
  let process: HostedProcess
  private let network: AppCallNetwork?
  private let push: String?

  /// Opens the call on `host`'s device, for the push being handled (``AppCallPush/current``),
  /// in `base` (the device's center and application).
  static func open(on host: DeviceHost?, in base: HostedProcess) async -> AppCallProcess {
    let push = AppCallPush.current
    let network = await AppCallNetwork(host: host, push: push, center: base.center)
    var process = base
    process.run = network?.run
    process.log = network?.log
    return AppCallProcess(process: process, network: network, push: push)
  }

  /// Records what the call did on `host`'s device.
  func close(on host: DeviceHost?) async {
    await network?.finish(on: host, push: push)
  }
}
