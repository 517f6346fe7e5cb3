import PushDevice
import Testing
import UniformTypeIdentifiers

@Suite struct UTTypeTests {
  @Test(
    "every attachment type PushSim supports is declared, found by extension and MIME type",
    arguments: MediaType.allCases)
  func attachmentTypes(_ media: MediaType) throws {
    let type = try #require(UTType(media.rawValue))
    #expect(type.identifier == media.rawValue)
    #expect(UTType(filenameExtension: media.preferredFileExtension) == type)
    #expect(UTType(filenameExtension: media.preferredFileExtension.uppercased()) == type)
    let mime = try #require(type.preferredMIMEType)
    #expect(UTType(mimeType: mime) == type)
    let extensionName = try #require(type.preferredFilenameExtension)
    #expect(MediaType(fileExtension: extensionName) == media)
    let kind: UTType =
      switch media.kind {
      case .image: .image
      case .audio: .audio
      case .video: .movie
      }
    #expect(type.conforms(to: kind))
    #expect(type.conforms(to: .data))
    #expect(type.isDeclared)
  }

  @Test func applesConstantsAndConformance() {
    #expect(UTType.jpeg.identifier == "public.jpeg")
    #expect(UTType.jpeg.preferredFilenameExtension == "jpeg")
    #expect(UTType.jpeg.preferredMIMEType == "image/jpeg")
    #expect(UTType.heic.conforms(to: .heif) && UTType.heic.conforms(to: .image))
    #expect(UTType.quickTimeMovie.conforms(to: .movie))
    #expect(UTType.mpeg4Movie.identifier == "public.mpeg-4")
    #expect(!UTType.mp3.conforms(to: .image))
    #expect(UTType.image.isSupertype(of: .png))
    #expect(UTType.png.isSubtype(of: .image) && !UTType.png.isSubtype(of: .png))
    #expect(UTType.jpeg.supertypes.contains(.item))
    #expect(UTType("PUBLIC.PNG") == .png)
    #expect("\(UTType.gif)" == "com.compuserve.gif")
  }

  @Test func unknownTagsGiveDynamicTypesAndUnknownIdentifiersNil() throws {
    #expect(UTType("com.example.unknown") == nil)
    let dynamic = try #require(UTType(filenameExtension: "xyz"))
    #expect(dynamic.isDynamic && dynamic.conforms(to: .data) && !dynamic.conforms(to: .image))
    #expect(UTType(mimeType: "image/png; q=1") == .png)
    #expect(UTType(mimeType: "application/x-made-up")?.isDynamic == true)
    #expect(UTType(filenameExtension: "png", conformingTo: .audio)?.isDynamic == true)
    #expect(UTType(filenameExtension: "") == nil)
    let exported = UTType(exportedAs: "com.example.chat.sticker", conformingTo: .png)
    #expect(exported.conforms(to: .image))
  }
}
