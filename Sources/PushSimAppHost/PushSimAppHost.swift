// PushSimAppHost: the simulated device runs the app's own UserNotifications code (its
// `UNNotificationServiceExtension`, its `UNUserNotificationCenterDelegate`, its background push
// handler), and scenario files play against it.
//
// It re-exports what a test of the app's code names: `AppCode` and the device (PushDevice), and
// `ScenarioResult` and its failures (PushScenario).

@_exported public import PushDevice
@_exported public import PushScenario
