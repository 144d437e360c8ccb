import CImageShim

/// A boosted cascade of stumps read from an OpenCV cascade file (the
/// "new" format `opencv_traincascade` writes: `<cascade>` with
/// `<stageType>BOOST</stageType>`, `<featureType>` LBP or HAAR), as
/// `CascadeClassifier::read` reads it: each stage threshold lowered by
/// 1e-5 (OpenCV's `THRESHOLD_EPS`).
///
/// Only depth-1 trees (stumps, `maxDepth` 1) and upright Haar features are
/// read: both cascades collage uses (`lbpcascade_frontalface_improved.xml`,
/// `haarcascade_profileface.xml`) are made of them; anything else is a
/// `CascadeError`.
public struct Cascade: Sendable {
    public enum Features: Sendable {
        /// Multi-block LBP: each feature is a 3x3 grid of `rect`-sized blocks
        /// at (x, y) of the window (window pixels).
        case lbp([LBPFeature])
        /// Haar-like: up to three weighted rectangles (window pixels).
        case haar([HaarFeature])
    }

    public struct LBPFeature: Sendable { public var x, y, width, height: Int }
    public struct HaarRect: Sendable { public var x, y, width, height: Int; public var weight: Float }
    public struct HaarFeature: Sendable { public var rects: [HaarRect] }

    /// One weak classifier: a stump on feature `feature`.
    public struct Stump: Sendable {
        public var feature: Int
        /// Haar: values below it take `left`. Unused for LBP.
        public var threshold: Float
        /// LBP: the 256-bit category subset (8 words); a code in it takes `left`.
        public var subset: [Int32]
        public var left: Float, right: Float
    }

    public struct Stage: Sendable {
        public var threshold: Float
        public var stumps: [Stump]
    }

    /// The detection window, window pixels (45x45 for the LBP frontal face, 20x20 for the Haar profile face).
    public var windowWidth: Int, windowHeight: Int
    public var stages: [Stage]
    public var features: Features

    public init(windowWidth: Int, windowHeight: Int, stages: [Stage], features: Features) {
        self.windowWidth = windowWidth; self.windowHeight = windowHeight; self.stages = stages; self.features = features
    }
}

/// Why a cascade file could not be used.
public struct CascadeError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "\(path): \(reason)" }
    public init(path: String, reason: String) { self.path = path; self.reason = reason }
}

extension Cascade {
    /// Reads a cascade file through libxml2's reader (the one the SVG
    /// pre-scan uses, `collage_xml_next_content`).
    /// - Throws: `CascadeError` for unreadable or malformed XML, or a
    ///   cascade this evaluator does not handle (old format, trees deeper
    ///   than a stump, tilted Haar features).
    public static func read(bytes: [UInt8], path: String) throws(CascadeError) -> Cascade {
        // The common case straight from the bytes; anything unusual, and every error, the general way below.
        if let xml = ByteXML.parse(bytes), let cascade = direct(xml) { return cascade }
        return try general(bytes: bytes, path: path)
    }

    /// `read(bytes:path:)` through libxml2's reader and Swift strings: any
    /// well-formed file, and the errors.
    static func general(bytes: [UInt8], path: String) throws(CascadeError) -> Cascade {
        var tree = try XMLTree.parse(bytes, path: path)
        guard let root = tree.first(named: "cascade") else {
            throw CascadeError(path: path, reason: "no <cascade> element: not a cascade in OpenCV's format (opencv_traincascade)")
        }
        func text(_ node: XMLTree.Node?, _ what: String) throws(CascadeError) -> String {
            guard let node else { throw CascadeError(path: path, reason: "the cascade has no <\(what)>") }
            return node.text.trimmingCharacters()
        }
        func int(_ node: XMLTree.Node?, _ what: String) throws(CascadeError) -> Int {
            guard let value = Int(try text(node, what)) else { throw CascadeError(path: path, reason: "<\(what)> is not a whole number") }
            return value
        }
        func numbers(_ node: XMLTree.Node?, _ what: String) throws(CascadeError) -> [Double] {
            let words = try text(node, what).split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" })
            var values: [Double] = []
            for word in words {
                guard let value = Double(word) else { throw CascadeError(path: path, reason: "'\(word)' in <\(what)> is not a number") }
                values.append(value)
            }
            return values
        }
        let stageType = try text(root.child("stageType"), "stageType")
        guard stageType == "BOOST" else { throw CascadeError(path: path, reason: "stage type \(stageType) (only BOOST is read)") }
        let featureType = try text(root.child("featureType"), "featureType")
        let width = try int(root.child("width"), "width"), height = try int(root.child("height"), "height")
        guard width > 0, height > 0 else { throw CascadeError(path: path, reason: "window \(width)x\(height)") }
        let isLBP: Bool
        switch featureType {
        case "LBP": isLBP = true
        case "HAAR": isLBP = false
        default: throw CascadeError(path: path, reason: "feature type \(featureType) (LBP and HAAR are read)")
        }
        var stages: [Stage] = []
        for stageNode in root.child("stages")?.children ?? [] {
            var stumps: [Stump] = []
            for weak in stageNode.child("weakClassifiers")?.children ?? [] {
                let nodes = try numbers(weak.child("internalNodes"), "internalNodes")
                let leaves = try numbers(weak.child("leafValues"), "leafValues")
                let expected = isLBP ? 3 + 8 : 4
                guard nodes.count == expected, leaves.count == 2 else {
                    throw CascadeError(path: path, reason: "a weak classifier is not a stump (\(nodes.count) node values, \(leaves.count) leaves)")
                }
                stumps.append(Stump(feature: Int(nodes[2]), threshold: isLBP ? 0 : Float(nodes[3]),
                                    subset: isLBP ? nodes[3...].map { Int32(truncatingIfNeeded: Int64($0)) } : [],
                                    left: Float(leaves[0]), right: Float(leaves[1])))
            }
            let threshold = try numbers(stageNode.child("stageThreshold"), "stageThreshold")
            guard threshold.count == 1 else { throw CascadeError(path: path, reason: "a stage has no single <stageThreshold>") }
            stages.append(Stage(threshold: Float(threshold[0]) - 1e-5, stumps: stumps))
        }
        guard !stages.isEmpty else { throw CascadeError(path: path, reason: "the cascade has no stages") }
        let featureNodes = root.child("features")?.children ?? []
        let features: Features
        if isLBP {
            var list: [LBPFeature] = []
            for node in featureNodes {
                let r = try numbers(node.child("rect"), "rect")
                guard r.count == 4 else { throw CascadeError(path: path, reason: "an LBP <rect> has \(r.count) values, not 4") }
                list.append(LBPFeature(x: Int(r[0]), y: Int(r[1]), width: Int(r[2]), height: Int(r[3])))
            }
            features = .lbp(list)
        } else {
            var list: [HaarFeature] = []
            for node in featureNodes {
                if let tilted = node.child("tilted"), tilted.text.trimmingCharacters() == "1" {
                    throw CascadeError(path: path, reason: "tilted Haar features are not read")
                }
                var rects: [HaarRect] = []
                for rect in node.child("rects")?.children ?? [] {
                    let r = try numbers(rect, "rects")
                    guard r.count == 5 else { throw CascadeError(path: path, reason: "a Haar rectangle has \(r.count) values, not 5") }
                    rects.append(HaarRect(x: Int(r[0]), y: Int(r[1]), width: Int(r[2]), height: Int(r[3]), weight: Float(r[4])))
                }
                guard (2...3).contains(rects.count) else { throw CascadeError(path: path, reason: "a Haar feature has \(rects.count) rectangles") }
                list.append(HaarFeature(rects: rects))
            }
            features = .haar(list)
        }
        let count: Int = switch features {
        case .lbp(let list): list.count
        case .haar(let list): list.count
        }
        for stage in stages { for stump in stage.stumps where stump.feature < 0 || stump.feature >= count {
            throw CascadeError(path: path, reason: "a stump names feature \(stump.feature) of \(count)")
        } }
        tree = XMLTree()
        return Cascade(windowWidth: width, windowHeight: height, stages: stages, features: features)
    }
}

extension Cascade {
    /// The cascade `read(bytes:path:)` makes of a file `ByteXML` could
    /// scan, with the same values (the numbers correctly rounded by
    /// `collage_parse_numbers`, as `Double(String)` rounds them); nil for
    /// anything `read` would refuse or that this path does not handle (the
    /// caller then takes the general path, which says what is wrong).
    static func direct(_ xml: ByteXML) -> Cascade? {
        guard let root = xml.first(named: "cascade") else { return nil }
        func string(_ e: Int?) -> String? {
            guard let e, let text = xml.trimmedText(e) else { return nil }
            return String(decoding: text, as: UTF8.self)
        }
        guard string(xml.child(root, "stageType")) == "BOOST",
              let width = string(xml.child(root, "width")).flatMap({ Int($0) }),
              let height = string(xml.child(root, "height")).flatMap({ Int($0) }), width > 0, height > 0 else { return nil }
        let isLBP: Bool
        switch string(xml.child(root, "featureType")) {
        case "LBP": isLBP = true
        case "HAAR": isLBP = false
        default: return nil
        }
        // Whole numbers a stump or rectangle names (as `read` converts them, without its traps on huge values).
        func whole(_ v: Double) -> Int? { v.isFinite && abs(v) < 0x1p53 ? Int(v) : nil }
        var stages: [Stage] = []
        for stageNode in xml.child(root, "stages").map(xml.children) ?? [] {
            var stumps: [Stump] = []
            for weak in xml.child(stageNode, "weakClassifiers").map(xml.children) ?? [] {
                guard let n = xml.child(weak, "internalNodes"), let nodes = xml.numbers(n),
                      let l = xml.child(weak, "leafValues"), let leaves = xml.numbers(l),
                      nodes.count == (isLBP ? 3 + 8 : 4), leaves.count == 2, let feature = whole(nodes[2]) else { return nil }
                var subset: [Int32] = []
                if isLBP {
                    for v in nodes[3...] {
                        guard let w = whole(v) else { return nil }
                        subset.append(Int32(truncatingIfNeeded: Int64(w)))
                    }
                }
                stumps.append(Stump(feature: feature, threshold: isLBP ? 0 : Float(nodes[3]), subset: subset,
                                    left: Float(leaves[0]), right: Float(leaves[1])))
            }
            guard let t = xml.child(stageNode, "stageThreshold"), let threshold = xml.numbers(t), threshold.count == 1 else { return nil }
            stages.append(Stage(threshold: Float(threshold[0]) - 1e-5, stumps: stumps))
        }
        guard !stages.isEmpty else { return nil }
        let featureNodes = xml.child(root, "features").map(xml.children) ?? []
        let features: Features
        if isLBP {
            var list: [LBPFeature] = []
            for node in featureNodes {
                guard let rect = xml.child(node, "rect"), let r = xml.numbers(rect), r.count == 4,
                      let x = whole(r[0]), let y = whole(r[1]), let w = whole(r[2]), let h = whole(r[3]) else { return nil }
                list.append(LBPFeature(x: x, y: y, width: w, height: h))
            }
            features = .lbp(list)
        } else {
            var list: [HaarFeature] = []
            for node in featureNodes {
                if let tilted = xml.child(node, "tilted") {
                    guard let text = xml.trimmedText(tilted), !text.elementsEqual("1".utf8) else { return nil }
                }
                var rects: [HaarRect] = []
                for rect in xml.child(node, "rects").map(xml.children) ?? [] {
                    guard let r = xml.numbers(rect), r.count == 5,
                          let x = whole(r[0]), let y = whole(r[1]), let w = whole(r[2]), let h = whole(r[3]) else { return nil }
                    rects.append(HaarRect(x: x, y: y, width: w, height: h, weight: Float(r[4])))
                }
                guard (2...3).contains(rects.count) else { return nil }
                list.append(HaarFeature(rects: rects))
            }
            features = .haar(list)
        }
        let count: Int = switch features {
        case .lbp(let list): list.count
        case .haar(let list): list.count
        }
        for stage in stages { for stump in stage.stumps where stump.feature < 0 || stump.feature >= count { return nil } }
        return Cascade(windowWidth: width, windowHeight: height, stages: stages, features: features)
    }
}

/// The elements and text of a small XML data file, as a tree (a cascade is
/// about 1 MB); read with libxml2's reader.
struct XMLTree {
    final class Node {
        let name: String
        var text = ""
        var children: [Node] = []
        init(name: String) { self.name = name }
        func child(_ name: String) -> Node? { children.first { $0.name == name } }
    }
    var roots: [Node] = []

    func first(named name: String) -> Node? {
        var queue = roots
        while !queue.isEmpty {
            let node = queue.removeFirst()
            if node.name == name { return node }
            queue += node.children
        }
        return nil
    }

    static func parse(_ bytes: [UInt8], path: String) throws(CascadeError) -> XMLTree {
        var message = [CChar](repeating: 0, count: 512)
        var refused: Int32 = 0
        let outcome: Result<XMLTree, CascadeError> = bytes.withUnsafeBufferPointer { buffer in
            guard let reader = collage_xml_open(buffer.baseAddress, buffer.count, &refused, &message) else {
                return .failure(CascadeError(path: path, reason: String(cString: message)))
            }
            defer { collage_xml_close(reader) }
            var tree = XMLTree()
            var open: [Node] = []
            var element = collage_xml_element()
            var text: UnsafePointer<CChar>?
            while true {
                let status = collage_xml_next_content(reader, &element, &text)
                if status == 0 { break }
                if status < 0 {
                    return .failure(CascadeError(path: path, reason: String(cString: collage_xml_message(reader))))
                }
                let depth = Int(element.depth)
                if status == 2 {
                    if let text, depth - 1 < open.count, depth >= 1 { open[depth - 1].text += String(cString: text) }
                    continue
                }
                let node = Node(name: element.name.map { String(cString: $0) } ?? "")
                if open.count > depth { open.removeLast(open.count - depth) }
                if let parent = open.last { parent.children.append(node) } else { tree.roots.append(node) }
                open.append(node)
            }
            return .success(tree)
        }
        return try outcome.get()
    }
}

extension String {
    /// The text without leading and trailing whitespace (Unicode's; an
    /// ASCII-only text, as a cascade's numbers are, is trimmed by its bytes).
    func trimmingCharacters() -> String {
        let bytes = utf8
        if bytes.allSatisfy({ $0 < 0x80 }) {
            func space(_ b: UInt8) -> Bool { b == 0x20 || (0x09...0x0d).contains(b) }
            guard let first = bytes.firstIndex(where: { !space($0) }),
                  let last = bytes.lastIndex(where: { !space($0) }) else { return "" }
            return String(self[first...last])
        }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }
}
