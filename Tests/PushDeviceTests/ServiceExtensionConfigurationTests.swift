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
    #expect(ServiceExtensionConfiguration.Kind(rawValue: "app") == .app)
    // A misspelled kind is no kind at all: the scenario decoder reports it with its position.
    #expect(ServiceExtensionConfiguration.Kind(rawValue: "madia") == nil)
    #expect(ServiceExtensionConfiguration.FetchMode(rawValue: "network") == .network)
    #expect(ServiceExtensionConfiguration.FetchMode(rawValue: "ftp") == nil)
  }

  @Test func anAppWithOwnExtensionNeedsItsCode() {
    let app = AppConfiguration(serviceExtension: .init(kind: .app))
    #expect(AppCode().missingPiece(for: app)?.contains("\"kind\": \"app\"") == true)
    #expect(AppCode(serviceExtension: { MediaAttachmentExtension() }).missingPiece(for: app) == nil)
    #expect(AppCode().missingPiece(for: AppConfiguration(serviceExtension: .init())) == nil)
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
