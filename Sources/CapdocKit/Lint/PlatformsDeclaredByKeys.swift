extension PlatformNames {
    /// The platforms a built or source Info.plist is for, as its keys say, in the model's order;
    /// empty when they say nothing.
    ///
    /// A built bundle names its platform: `DTPlatformName`, else `CFBundleSupportedPlatforms` (each
    /// one listed). A source plist says it by the keys only some platforms read:
    /// - the WatchKit keys (`WKApplication`, `WKWatchKitApp`…): watchOS;
    /// - `UIDeviceFamily` (1 iPhone, 2 iPad: iOS; 3 Apple TV: tvOS; 4 Apple Watch: watchOS; 7 Apple
    ///   Vision: visionOS), each family it lists;
    /// - `LSRequiresIPhoneOS`: iOS, unless `UIDeviceFamily` lists no iPhone or iPad (a tvOS app's plist
    ///   often keeps the template's `LSRequiresIPhoneOS` beside family 3);
    /// - `LSMinimumSystemVersion`, which only the Mac reads: Mac Catalyst beside an iOS key (the iOS
    ///   app built for the Mac), else macOS.
    /// So a plist with `UIDeviceFamily` [1, 2, 3] is linted for iOS and tvOS, each finding saying for which.
    public func platforms(declaredBy plist: [String: PlistValue]) -> [String] {
        if case let .string(name)? = plist["DTPlatformName"], let id = platform(named: name) { return [id] }
        var found: Set<String> = []
        if case let .array(names)? = plist["CFBundleSupportedPlatforms"] {
            for case let .string(name) in names { if let id = platform(named: name) { found.insert(id) } }
            if !found.isEmpty { return ordered(found) }
        }
        func add(_ sdk: String) { if let id = platform(named: sdk) { found.insert(id) } }
        if BundleKind(plist: plist) == .watchApp { add("watchos") }
        let families = Self.deviceFamilies(plist["UIDeviceFamily"])
        let iPhoneOrIPad = families.contains(1) || families.contains(2)
        if iPhoneOrIPad { add("iphoneos") }
        if families.contains(3) { add("appletvos") }
        if families.contains(4) { add("watchos") }
        if families.contains(7) { add("xros") }
        if plist["LSRequiresIPhoneOS"] == .boolean(true), families.isEmpty || iPhoneOrIPad { add("iphoneos") }
        if plist["LSMinimumSystemVersion"] != nil {
            let ios = platform(named: "iphoneos")
            add(ios.map(found.contains) == true ? "mac-catalyst" : "macosx")
        }
        return ordered(found)
    }

    /// The platforms in the order platforms.yaml lists them, so that passes and outputs are stable.
    private func ordered(_ platforms: Set<String>) -> [String] {
        vocabulary.ids(.platform).filter(platforms.contains)
    }
}
