// PushSimAppHost: the simulated device runs the app's own UserNotifications code (its
// `UNNotificationServiceExtension`, its `UNUserNotificationCenterDelegate`, its background push
// handler), and scenario files play against it.
//
// It re-exports nothing: a test of the app's code imports `PushSimAppHost` with `PushDevice`
// (`AppCode`, `DeviceHost`) and, to name them, `PushScenario`'s results (README, "What to
// import").
