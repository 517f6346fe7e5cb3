/// The device's side of Live Activities (scenario `device.liveActivities`): the budgets and
/// limits Apple leaves unnumbered, so scenarios can set them (Rules.md §13).
public struct LiveActivityDeviceSettings: Sendable, Equatable {
  /// Priority-10 ActivityKit pushes per rolling hour without frequent updates (model: 10).
  public var budgetPerHour: Int
  /// Priority-10 pushes per rolling hour when the app declares
  /// `NSSupportsLiveActivitiesFrequentUpdates` and the user leaves it on (model: 100).
  public var frequentBudgetPerHour: Int
  /// Push-to-start pushes per rolling hour; frequent updates do not change it (model: 10).
  public var pushToStartBudgetPerHour: Int
  /// Concurrent activities per app, ended ones still on the Lock Screen excluded (model: 5).
  public var maximumPerApp: Int
  /// Whether the phone has a Dynamic Island (alerting updates show expanded there, else as a
  /// banner). Default `true`.
  public var dynamicIsland: Bool

  /// Creates the settings; every argument defaults to the scenario format's default.
  public init(
    budgetPerHour: Int = 10, frequentBudgetPerHour: Int = 100, pushToStartBudgetPerHour: Int = 10,
    maximumPerApp: Int = 5, dynamicIsland: Bool = true
  ) {
    self.budgetPerHour = budgetPerHour
    self.frequentBudgetPerHour = frequentBudgetPerHour
    self.pushToStartBudgetPerHour = pushToStartBudgetPerHour
    self.maximumPerApp = maximumPerApp
    self.dynamicIsland = dynamicIsland
  }
}
