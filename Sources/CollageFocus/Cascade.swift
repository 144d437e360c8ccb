import CImageShim
import CRasterKernels

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
        try read(bytes: bytes, path: path, numbersInC: true)
    }

    /// `read(bytes:path:)`; `numbersInC` reads each element's list of
    /// numbers with `collage_parse_numbers` (strtod_l in the C locale,
    /// correctly rounded as `Double(String)` is: the same bits, without a
    /// Swift string a number; about 42,000 numbers in the profile cascade),
    /// falling back to `Double(String)` for any token that is not a plain
    /// decimal number (and for the error message). false: `Double(String)`
    /// only (the tests compare the two).
    static func read(bytes: [UInt8], path: String, numbersInC: Bool) throws(CascadeError) -> Cascade {
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
            if numbersInC, let node, let values = Cascade.plainNumbers(node.text) { return values }
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
    /// The numbers of `text` (separated by ASCII whitespace) through
    /// `collage_parse_numbers`; nil when a token is not a plain decimal
    /// number or there are none (the caller then reads them with `Double(String)`).
    static func plainNumbers(_ text: String) -> [Double]? {
        // NUL-terminated: strtod_l may look at the byte after a token.
        let chars = text.utf8CString
        let length = chars.count - 1
        // A number takes at least two bytes with its separator: length / 2 + 1 is always room enough.
        let capacity = length / 2 + 1
        var values = [Double](repeating: 0, count: capacity)
        let n = chars.withUnsafeBufferPointer { c in
            values.withUnsafeMutableBufferPointer { collage_parse_numbers(c.baseAddress, length, $0.baseAddress, capacity) }
        }
        guard n > 0, n <= capacity else { return nil }
        values.removeLast(capacity - n)
        return values
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
