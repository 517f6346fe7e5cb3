import PushPayload

extension AppConfiguration {
  /// What payload lint knows of the app: its categories, shipped sounds, entitlements and
  /// development region (`validate --app`, and the device's own check of each push).
  package var facts: AppFacts {
    AppFacts(
      categories: Set(categories.map(\.id)), sounds: sounds.map(Set.init),
      entitlements: Set(entitlements.map(\.rawValue)), developmentRegion: developmentRegion)
  }
}
