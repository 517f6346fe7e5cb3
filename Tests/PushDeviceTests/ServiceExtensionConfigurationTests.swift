import PushDevice
import Testing

@Suite struct ServiceExtensionConfigurationTests {
  @Test func defaultsAreModelDecisionsSeven() {
    let configuration = ServiceExtensionConfiguration()
    #expect(configuration.kind == .media)
    #expect(configuration.urlKeys == ["media-url", "image-url", "attachment-url"])
    #expect(configuration.fetch == .manifest)
    #expect(configuration.budget == .seconds(30))
  }

  @Test func kindsReadTheScenarioSpelling() {
    #expect(ServiceExtensionConfiguration.Kind(rawValue: "media") == .media)
    #expect(
      ServiceExtensionConfiguration.Kind(rawValue: "chat-decorator") == .custom("chat-decorator"))
    #expect(ServiceExtensionConfiguration.Kind.custom("x").rawValue == "x")
    #expect(ServiceExtensionConfiguration.FetchMode(rawValue: "network") == .network)
    #expect(ServiceExtensionConfiguration.FetchMode(rawValue: "ftp") == nil)
  }

  @Test func onlyTheMediaKindHasABuiltInExtension() {
    #expect(
      ServiceExtensionStage.builtInExtension(for: .init(kind: .media)) is MediaAttachmentExtension)
    #expect(ServiceExtensionStage.builtInExtension(for: .init(kind: .custom("mine"))) == nil)
  }

  @Test func theStagePicksTheFetcherTheConfigurationNames() {
    let manifest = ServiceExtensionStage(
      configuration: .init(fetch: .manifest), manifest: MediaManifest(), ats: ATSSettings())
    let network = ServiceExtensionStage(
      configuration: .init(fetch: .network), manifest: MediaManifest(), ats: ATSSettings())
    #expect(manifest.fetcher is ManifestFetcher)
    #expect(network.fetcher is HTTPFetcher)
  }
}
