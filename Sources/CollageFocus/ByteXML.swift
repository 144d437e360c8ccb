import CRasterKernels
import Glibc

/// The elements of a plain XML data file as ranges of its bytes, read in
/// one pass with no string made: start, end and empty tags (attributes
/// skipped), text, comments and the `<?xml?>` declaration. Anything else
/// (a DOCTYPE, CDATA, an entity or character reference, a prefixed name,
/// a tag left open or closed by another name, text outside the root)
/// makes `parse` return nil, and the caller reads the file
/// through libxml2 (`XMLTree`), which also says what is wrong. A cascade
/// file (`Cascade.read`) is about 1 MB of such elements.
struct ByteXML {
    /// The file's bytes, then a 0 (so a text's last number is followed by a byte that does not continue it).
    let bytes: [UInt8]
    /// Per element, by index in document order: its name's bytes, its text's (the first run only; -1 none),
    /// how many text runs it has, its first child and next sibling (-1 none).
    private(set) var nameStart: [Int32] = [], nameEnd: [Int32] = []
    private(set) var textStart: [Int32] = [], textEnd: [Int32] = [], textRuns: [Int32] = []
    private(set) var firstChild: [Int32] = [], nextSibling: [Int32] = []

    private init(bytes: [UInt8]) { self.bytes = bytes }

    /// The elements of `file`, or nil when it holds anything this reader leaves to libxml2 (see the type).
    static func parse(_ file: [UInt8]) -> ByteXML? {
        guard file.count < Int(Int32.max) - 1 else { return nil }
        var xml = ByteXML(bytes: file + [0])
        return xml.scan() ? xml : nil
    }

    private mutating func scan() -> Bool {
        let bytes = self.bytes, n = bytes.count - 1
        var open: [Int32] = [], lastChild: [Int32] = []
        var sawRoot = false
        var nameStart: [Int32] = [], nameEnd: [Int32] = []
        var textStart: [Int32] = [], textEnd: [Int32] = [], textRuns: [Int32] = []
        var firstChild: [Int32] = [], nextSibling: [Int32] = []
        let scanned = bytes.withUnsafeBufferPointer { buffer -> Bool in
            let b = buffer.baseAddress!
            func find(_ pattern: StaticString, from start: Int) -> Int? {
                let p = pattern.utf8Start, m = pattern.utf8CodeUnitCount
                var i = start
                while i + m <= n {
                    var k = 0
                    while k < m && b[i + k] == p[k] { k += 1 }
                    if k == m { return i }
                    i += 1
                }
                return nil
            }
            func isNameByte(_ c: UInt8) -> Bool {
                !(c == 0x20 || c == 0x09 || c == 0x0a || c == 0x0d || c == 0x2f || c == 0x3e || c == 0x3c || c == 0)
            }
            var i = 0
            while i < n {
                if b[i] != 0x3c {  // text up to the next '<'
                    let start = i
                    var blank = true
                    while i < n && b[i] != 0x3c {
                        let c = b[i]
                        if c == 0x26 { return false }  // '&': a reference
                        if !(c == 0x20 || c == 0x09 || c == 0x0a || c == 0x0d) { blank = false }
                        i += 1
                    }
                    guard let top = open.last else {
                        if !blank { return false }
                        continue
                    }
                    // Whitespace alone (indentation between children) is no text: trimmed, it is empty.
                    if blank { continue }
                    let e = Int(top)
                    if textRuns[e] == 0 { textStart[e] = Int32(start); textEnd[e] = Int32(i) }
                    textRuns[e] += 1
                    continue
                }
                // A markup construct at i.
                if i + 1 >= n { return false }
                let next = b[i + 1]
                if next == 0x3f {  // <? ... ?>
                    guard let end = find("?>", from: i + 2) else { return false }
                    i = end + 2
                    continue
                }
                if next == 0x21 {  // <!-- ... --> only
                    guard i + 3 < n, b[i + 2] == 0x2d, b[i + 3] == 0x2d, let end = find("-->", from: i + 4) else { return false }
                    i = end + 3
                    continue
                }
                if next == 0x2f {  // </name>
                    var j = i + 2
                    let start = j
                    while j < n && isNameByte(b[j]) { j += 1 }
                    let end = j
                    while j < n && (b[j] == 0x20 || b[j] == 0x09 || b[j] == 0x0a || b[j] == 0x0d) { j += 1 }
                    guard j < n, b[j] == 0x3e, let top = open.last else { return false }
                    let e = Int(top)
                    let s0 = Int(nameStart[e]), length = Int(nameEnd[e]) - s0
                    guard end - start == length, memcmp(b + start, b + s0, length) == 0 else { return false }
                    open.removeLast(); lastChild.removeLast()
                    i = j + 1
                    continue
                }
                // <name attributes...> or <name .../>
                var j = i + 1
                let start = j
                while j < n && isNameByte(b[j]) { j += 1 }
                let end = j
                guard end > start else { return false }
                // A prefixed name: libxml2 matches its local part; left to it.
                if memchr(b + start, 0x3a, end - start) != nil { return false }
                var quote: UInt8 = 0
                while j < n {
                    let c = b[j]
                    if quote != 0 { if c == quote { quote = 0 } } else if c == 0x22 || c == 0x27 { quote = c } else if c == 0x3e { break } else if c == 0x3c { return false }
                    j += 1
                }
                guard j < n else { return false }
                let empty = b[j - 1] == 0x2f && j - 1 >= end
                if open.isEmpty {
                    if sawRoot { return false }
                    sawRoot = true
                }
                let e = Int32(nameStart.count)
                nameStart.append(Int32(start)); nameEnd.append(Int32(end))
                textStart.append(-1); textEnd.append(-1); textRuns.append(0)
                firstChild.append(-1); nextSibling.append(-1)
                if let parent = open.last {
                    let p = Int(parent)
                    if lastChild[lastChild.count - 1] >= 0 { nextSibling[Int(lastChild[lastChild.count - 1])] = e } else { firstChild[p] = e }
                    lastChild[lastChild.count - 1] = e
                }
                if !empty { open.append(e); lastChild.append(-1) }
                i = j + 1
            }
            return open.isEmpty && sawRoot
        }
        self.nameStart = nameStart; self.nameEnd = nameEnd
        self.textStart = textStart; self.textEnd = textEnd; self.textRuns = textRuns
        self.firstChild = firstChild; self.nextSibling = nextSibling
        return scanned
    }

    /// The root element (index 0).
    var root: Int { 0 }

    /// Whether element `e` is named `name` (ASCII).
    func named(_ e: Int, _ name: StaticString) -> Bool {
        let s = Int(nameStart[e]), length = Int(nameEnd[e]) - s
        guard length == name.utf8CodeUnitCount else { return false }
        return bytes.withUnsafeBufferPointer { memcmp($0.baseAddress! + s, name.utf8Start, length) == 0 }
    }

    /// Element `e`'s children, in order.
    func children(_ e: Int) -> [Int] {
        var out: [Int] = []
        var c = firstChild[e]
        while c >= 0 { out.append(Int(c)); c = nextSibling[Int(c)] }
        return out
    }

    /// The first child of `e` named `name`.
    func child(_ e: Int, _ name: StaticString) -> Int? {
        var c = firstChild[e]
        while c >= 0 {
            if named(Int(c), name) { return Int(c) }
            c = nextSibling[Int(c)]
        }
        return nil
    }

    /// The first element named `name`, breadth first from the root (as `XMLTree.first(named:)`).
    func first(named name: StaticString) -> Int? {
        guard !nameStart.isEmpty else { return nil }
        var queue = [root], at = 0
        while at < queue.count {
            let e = queue[at]
            at += 1
            if named(e, name) { return e }
            queue += children(e)
        }
        return nil
    }

    /// Element `e`'s text without leading and trailing whitespace, as bytes; nil when its text is interrupted.
    func trimmedText(_ e: Int) -> ArraySlice<UInt8>? {
        guard textRuns[e] <= 1 else { return nil }
        guard textRuns[e] == 1 else { return [] }
        var s = Int(textStart[e]), t = Int(textEnd[e])
        func space(_ c: UInt8) -> Bool { c == 0x20 || (0x09...0x0d).contains(c) }
        while s < t && space(bytes[s]) { s += 1 }
        while t > s && space(bytes[t - 1]) { t -= 1 }
        return bytes[s..<t]
    }

    /// Element `e`'s text as numbers (`collage_parse_numbers`); nil when the text is not only plain decimal
    /// numbers, or is interrupted.
    func numbers(_ e: Int) -> [Double]? {
        guard textRuns[e] <= 1 else { return nil }
        guard textRuns[e] == 1 else { return [] }
        let s = Int(textStart[e]), length = Int(textEnd[e]) - s
        return bytes.withUnsafeBufferPointer { buffer -> [Double]? in
            let text = UnsafeRawPointer(buffer.baseAddress! + s).assumingMemoryBound(to: CChar.self)
            // Most texts hold a few numbers: one pass into 16 slots, a second only for a longer one.
            var found = 0
            let first = [Double](unsafeUninitializedCapacity: 16) { out, initialized in
                found = collage_parse_numbers(text, length, out.baseAddress, 16)
                initialized = (0...16).contains(found) ? found : 0
            }
            if found < 0 { return nil }
            if found <= 16 { return first }
            let all = [Double](unsafeUninitializedCapacity: found) { out, initialized in
                initialized = collage_parse_numbers(text, length, out.baseAddress, found) == found ? found : 0
            }
            return all.count == found ? all : nil
        }
    }
}
