// PushSim's MobileCoreServices for Linux: the Core Foundation era type-identifier functions
// (`UTTypeCreatePreferredIdentifierForTag`, `UTTypeCopyPreferredTagWithClass`,
// `UTTypeConformsTo`, `UTTypeEqual`) and the `kUTType…` and `kUTTagClass…` constants, so the
// attachment code older extensions still carry compiles unchanged. The answers come from
// UniformTypeIdentifiers' table (`UTType.declared`), as Apple's functions answer from the system's
// type database. Like Apple's framework, the module re-exports Foundation.

@_exported import Foundation
import UniformTypeIdentifiers

/// A Core Foundation string: on Linux, Foundation's `NSString`.
///
/// Apple's `CFString` is a Core Foundation type toll-free bridged to `NSString` and `String`, so
/// that `ext as CFString` and `uti as String` compile. Linux's Core Foundation has a `CFString`,
/// but Swift on Linux bridges it to neither (`as` does not compile), and Foundation does not
/// export it. `NSString` bridges both ways with `as` on Linux, so this alias keeps Apple's
/// spellings compiling: `Unmanaged<CFString>`, `takeRetainedValue() as String`, `"jpg" as
/// CFString`. A file that also imports Linux's `CoreFoundation` must say
/// `MobileCoreServices.CFString`.
public typealias CFString = NSString

// MARK: Tag classes

// Apple's constants are `let`s of `CFString`; here they are read-only computed variables, which
// read the same, because a global `let` of `NSString` (not `Sendable`) does not compile in
// Swift 6 language mode.

/// The tag class of filename extensions (`public.filename-extension`).
public var kUTTagClassFilenameExtension: CFString { "public.filename-extension" }
/// The tag class of MIME types (`public.mime-type`).
public var kUTTagClassMIMEType: CFString { "public.mime-type" }

// MARK: Functions

/// The preferred identifier of the type `inTag` names in `inTagClass` and conforming to
/// `inConformingToUTI` (any type when `nil`): a declared type of UniformTypeIdentifiers' table,
/// else a dynamic identifier (`dyn.…`), as Apple's. `nil` for a tag class that is neither
/// ``kUTTagClassFilenameExtension`` nor ``kUTTagClassMIMEType``, or an empty tag.
///
/// The result is retained, as Apple's is (`Create` rule): `takeRetainedValue()` it.
public func UTTypeCreatePreferredIdentifierForTag(
  _ inTagClass: CFString, _ inTag: CFString, _ inConformingToUTI: CFString?
) -> Unmanaged<CFString>? {
  guard let type = typeForTag(inTagClass, inTag, conformingTo: inConformingToUTI) else {
    return nil
  }
  return .passRetained(NSString(string: type.identifier))
}

/// The preferred tag of class `inTagClass` (the filename extension or the MIME type) of the type
/// `inUTI`; `nil` when the type has none or the table does not declare it.
///
/// The result is retained, as Apple's is (`Copy` rule): `takeRetainedValue()` it.
public func UTTypeCopyPreferredTagWithClass(_ inUTI: CFString, _ inTagClass: CFString)
  -> Unmanaged<CFString>?
{
  guard let type = UTType(inUTI as String) else { return nil }
  let tag: String?
  switch TagClass(inTagClass) {
  case .filenameExtension: tag = type.preferredFilenameExtension
  case .mimeType: tag = type.preferredMIMEType
  case nil: tag = nil
  }
  return tag.map { .passRetained(NSString(string: $0)) }
}

/// Whether the type `inUTI` is `inConformsToUTI` or conforms to it, by the table's hierarchy
/// (`UTTypeConformsTo(kUTTypeJPEG, kUTTypeImage)` is `true`). An identifier the table does not
/// declare conforms only to itself.
public func UTTypeConformsTo(_ inUTI: CFString, _ inConformsToUTI: CFString) -> Bool {
  let identifier = inUTI as String
  let other = inConformsToUTI as String
  if identifier.caseInsensitiveCompare(other) == .orderedSame { return true }
  guard let type = UTType(identifier), let supertype = UTType(other) else { return false }
  return type.conforms(to: supertype)
}

/// Whether two identifiers name the same type (identifiers compare case-insensitively).
public func UTTypeEqual(_ inUTI1: CFString, _ inUTI2: CFString) -> Bool {
  (inUTI1 as String).caseInsensitiveCompare(inUTI2 as String) == .orderedSame
}

/// The type a tag names, or `nil` for an unknown tag class or an empty tag.
private func typeForTag(_ tagClass: CFString, _ tag: CFString, conformingTo: CFString?)
  -> UTType?
{
  let supertype = conformingTo.flatMap { UTType($0 as String) } ?? .item
  switch TagClass(tagClass) {
  case .filenameExtension: return UTType(filenameExtension: tag as String, conformingTo: supertype)
  case .mimeType: return UTType(mimeType: tag as String, conformingTo: supertype)
  case nil: return nil
  }
}

/// The two tag classes the table knows.
private enum TagClass {
  case filenameExtension, mimeType

  init?(_ tagClass: CFString) {
    switch tagClass as String {
    case "public.filename-extension": self = .filenameExtension
    case "public.mime-type": self = .mimeType
    default: return nil
    }
  }
}

// MARK: Type constants

/// `public.item`.
public var kUTTypeItem: CFString { "public.item" }
/// `public.content`.
public var kUTTypeContent: CFString { "public.content" }
/// `public.data`.
public var kUTTypeData: CFString { "public.data" }
/// `public.composite-content`.
public var kUTTypeCompositeContent: CFString { "public.composite-content" }
/// `public.text`.
public var kUTTypeText: CFString { "public.text" }
/// `public.plain-text`.
public var kUTTypePlainText: CFString { "public.plain-text" }
/// `public.utf8-plain-text`.
public var kUTTypeUTF8PlainText: CFString { "public.utf8-plain-text" }
/// `public.json`.
public var kUTTypeJSON: CFString { "public.json" }
/// `public.xml`.
public var kUTTypeXML: CFString { "public.xml" }
/// `public.html`.
public var kUTTypeHTML: CFString { "public.html" }
/// `com.adobe.pdf`.
public var kUTTypePDF: CFString { "com.adobe.pdf" }
/// `public.url`.
public var kUTTypeURL: CFString { "public.url" }
/// `public.file-url`.
public var kUTTypeFileURL: CFString { "public.file-url" }
/// `public.archive`.
public var kUTTypeArchive: CFString { "public.archive" }
/// `public.zip-archive`.
public var kUTTypeZipArchive: CFString { "public.zip-archive" }
/// `public.image`.
public var kUTTypeImage: CFString { "public.image" }
/// `public.jpeg`.
public var kUTTypeJPEG: CFString { "public.jpeg" }
/// `public.png`.
public var kUTTypePNG: CFString { "public.png" }
/// `com.compuserve.gif`.
public var kUTTypeGIF: CFString { "com.compuserve.gif" }
/// `public.tiff`.
public var kUTTypeTIFF: CFString { "public.tiff" }
/// `com.microsoft.bmp`.
public var kUTTypeBMP: CFString { "com.microsoft.bmp" }
/// `public.camera-raw-image`.
public var kUTTypeRawImage: CFString { "public.camera-raw-image" }
/// `public.svg-image`.
public var kUTTypeScalableVectorGraphics: CFString { "public.svg-image" }
/// `public.audiovisual-content`.
public var kUTTypeAudiovisualContent: CFString { "public.audiovisual-content" }
/// `public.movie`.
public var kUTTypeMovie: CFString { "public.movie" }
/// `public.video`.
public var kUTTypeVideo: CFString { "public.video" }
/// `public.audio`.
public var kUTTypeAudio: CFString { "public.audio" }
/// `com.apple.quicktime-movie`.
public var kUTTypeQuickTimeMovie: CFString { "com.apple.quicktime-movie" }
/// `public.mpeg`.
public var kUTTypeMPEG: CFString { "public.mpeg" }
/// `public.mpeg-2-video`.
public var kUTTypeMPEG2Video: CFString { "public.mpeg-2-video" }
/// `public.mpeg-4`.
public var kUTTypeMPEG4: CFString { "public.mpeg-4" }
/// `public.avi`.
public var kUTTypeAVIMovie: CFString { "public.avi" }
/// `public.mp3`.
public var kUTTypeMP3: CFString { "public.mp3" }
/// `public.mpeg-4-audio`.
public var kUTTypeMPEG4Audio: CFString { "public.mpeg-4-audio" }
/// `com.microsoft.waveform-audio`.
public var kUTTypeWaveformAudio: CFString { "com.microsoft.waveform-audio" }
/// `public.aiff-audio`.
public var kUTTypeAudioInterchangeFileFormat: CFString { "public.aiff-audio" }
/// `public.midi-audio`.
public var kUTTypeMIDIAudio: CFString { "public.midi-audio" }
/// `public.directory`.
public var kUTTypeDirectory: CFString { "public.directory" }
/// `public.folder`.
public var kUTTypeFolder: CFString { "public.folder" }
