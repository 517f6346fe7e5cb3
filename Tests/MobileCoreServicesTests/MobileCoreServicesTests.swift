import CoreGraphics
import Foundation
import MobileCoreServices
import Testing
import UniformTypeIdentifiers

/// The attachment code of an older extension: a file name's extension to a type identifier and
/// a MIME type, as Apple's sample code wrote it before UniformTypeIdentifiers.
func mimeType(forPathExtension pathExtension: String) -> String {
  if let uti = UTTypeCreatePreferredIdentifierForTag(
    kUTTagClassFilenameExtension, pathExtension as NSString, nil)?.takeRetainedValue(),
    let mimetype = UTTypeCopyPreferredTagWithClass(uti, kUTTagClassMIMEType)?
      .takeRetainedValue()
  {
    return mimetype as String
  }
  return "application/octet-stream"
}

@Suite struct MobileCoreServicesTests {
  @Test func anExtensionGivesItsIdentifierAndMIMEType() throws {
    let uti = try #require(
      UTTypeCreatePreferredIdentifierForTag(kUTTagClassFilenameExtension, "JPG" as CFString, nil)
    ).takeRetainedValue()
    #expect(uti as String == "public.jpeg")
    #expect(UTTypeEqual(uti, kUTTypeJPEG))
    #expect(mimeType(forPathExtension: "png") == "image/png")
    #expect(mimeType(forPathExtension: "mp4") == "video/mp4")
    #expect(mimeType(forPathExtension: "gif") == "image/gif")
  }

  @Test func aMIMETypeGivesItsIdentifierAndExtension() throws {
    let uti = try #require(
      UTTypeCreatePreferredIdentifierForTag(
        kUTTagClassMIMEType, "image/png; charset=binary" as CFString, kUTTypeImage)
    ).takeRetainedValue()
    #expect(uti as String == kUTTypePNG as String)
    let ext = UTTypeCopyPreferredTagWithClass(kUTTypeMPEG4Audio, kUTTagClassFilenameExtension)
    #expect(ext?.takeRetainedValue() as String? == "m4a")
  }

  @Test func unknownTagsGiveDynamicIdentifiersAndNoTags() throws {
    let uti = try #require(
      UTTypeCreatePreferredIdentifierForTag(kUTTagClassFilenameExtension, "xyz" as CFString, nil)
    ).takeRetainedValue()
    #expect((uti as String).hasPrefix("dyn."))
    #expect(UTTypeCopyPreferredTagWithClass(uti, kUTTagClassMIMEType) == nil)
    #expect(UTTypeCopyPreferredTagWithClass(kUTTypeImage, kUTTagClassMIMEType) == nil)
    #expect(UTTypeCreatePreferredIdentifierForTag("public.other" as CFString, "x", nil) == nil)
    #expect(UTTypeCreatePreferredIdentifierForTag(kUTTagClassMIMEType, "", nil) == nil)
  }

  @Test func conformanceFollowsTheTable() {
    #expect(UTTypeConformsTo(kUTTypeJPEG, kUTTypeImage))
    #expect(UTTypeConformsTo(kUTTypeMPEG4, kUTTypeMovie))
    #expect(UTTypeConformsTo(kUTTypeMP3, kUTTypeAudiovisualContent))
    #expect(!UTTypeConformsTo(kUTTypePNG, kUTTypeMovie))
    #expect(UTTypeConformsTo("com.example.custom" as CFString, "COM.example.custom" as CFString))
    #expect(!UTTypeConformsTo("com.example.custom" as CFString, kUTTypeData))
  }

  @Test func everyConstantIsATypeOfTheTable() {
    let constants: [CFString] = [
      kUTTypeItem, kUTTypeContent, kUTTypeData, kUTTypeCompositeContent, kUTTypeText,
      kUTTypePlainText, kUTTypeUTF8PlainText, kUTTypeJSON, kUTTypeXML, kUTTypeHTML, kUTTypePDF,
      kUTTypeURL, kUTTypeFileURL, kUTTypeArchive, kUTTypeZipArchive, kUTTypeImage, kUTTypeJPEG,
      kUTTypePNG, kUTTypeGIF, kUTTypeTIFF, kUTTypeBMP, kUTTypeRawImage,
      kUTTypeScalableVectorGraphics, kUTTypeAudiovisualContent, kUTTypeMovie, kUTTypeVideo,
      kUTTypeAudio, kUTTypeQuickTimeMovie, kUTTypeMPEG, kUTTypeMPEG2Video, kUTTypeMPEG4,
      kUTTypeAVIMovie, kUTTypeMP3, kUTTypeMPEG4Audio, kUTTypeWaveformAudio,
      kUTTypeAudioInterchangeFileFormat, kUTTypeMIDIAudio, kUTTypeDirectory, kUTTypeFolder,
    ]
    for constant in constants {
      #expect(UTType(constant as String) != nil, "\(constant)")
    }
  }

  @Test func coreGraphicsIsFoundationsGeometry() {
    let rect = CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)
    let half: CGFloat = 0.5
    #expect(rect.midX == half)
    #expect(rect.contains(CGPoint(x: 0.5, y: 0.5)))
    #expect(rect.insetBy(dx: 0.25, dy: 0.25).size == CGSize.zero)
    #expect(rect.intersection(CGRect(x: 0, y: 0, width: 0.5, height: 0.5)).width == 0.25)
  }
}
