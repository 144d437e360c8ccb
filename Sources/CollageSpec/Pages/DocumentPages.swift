/// `pages:` and `paginate:` (docs/print.md "Pages"): a document of several
/// pages. Each page is a document body (`photos`, `order`, `layout`,
/// `overlays`, and a `canvas` whose keys override the document's) that
/// shares the document's `vars`, `canvas` and `print`; `paginate: {perPage:
/// N}` splits the document's photo list into pages of N photos laid out by
/// the document's `layout`.
///
/// One page is validated at a time, chosen by the variable `page` (1 for the
/// first page; `render -o 'book-${page}.jpg'`, `check` and `layout` set it to
/// each page in turn): `pages:` rewrites the parsed tree before it is
/// validated, as a variant does (values keep their own locations, so a
/// page's errors point into the page), and `paginate` takes the page's
/// photos after the list is expanded and ordered. A page is a document body,
/// not a new kind: every overlay kind, layout and key works on a page as it
/// does on a single-page document.
public enum DocumentPages {
    /// The variable that selects the page (1-based); `${page}` in the
    /// document's text is the page's number.
    public static let variable = "page"

    /// The document keys a page may give (the schema's `$defs/page`).
    static let bodyKeys = ["photos", "order", "layout", "overlays", "canvas"]

    /// True when the parsed document declares `pages` or `paginate`.
    static func isMultiPage(_ root: Node?) -> Bool {
        guard let root, case .mapping(let top) = root.content else { return false }
        return top.contains { $0.key == "pages" || $0.key == "paginate" }
    }

    /// The items of `pages:` (nil when the document has no `pages` list).
    static func items(of root: Node?) -> [Node]? {
        guard let root, case .mapping(let top) = root.content,
              let entry = top.first(where: { $0.key == "pages" }),
              case .sequence(let items) = entry.value.content else { return nil }
        return items
    }

    /// The page number `variables` selects; nil when `page` is not a whole number of at least 1.
    static func selected(_ variables: [String: String]) -> Int? {
        guard let text = variables[variable] else { return 1 }
        guard let number = Int(text), number >= 1 else { return nil }
        return number
    }

    /// The tree with page `number`'s body in place of the document's: each
    /// key the page gives replaces the document's, `canvas` key by key. A
    /// page that does not exist leaves the tree as it is (the validator
    /// reports it against the page count).
    static func apply(_ number: Int, to root: Node) -> Node {
        guard let pages = items(of: root), pages.indices.contains(number - 1),
              case .mapping(let body) = pages[number - 1].content,
              case .mapping(var top) = root.content else { return root }
        for entry in body where bodyKeys.contains(entry.key) {
            guard let index = top.firstIndex(where: { $0.key == entry.key }) else { top.append(entry); continue }
            if entry.key == "canvas", case .mapping(var shared) = top[index].value.content,
               case .mapping(let own) = entry.value.content {
                for key in own {
                    if let at = shared.firstIndex(where: { $0.key == key.key }) { shared[at] = key } else { shared.append(key) }
                }
                top[index].value = Node(.mapping(shared), at: top[index].value.location)
            } else {
                top[index] = entry
            }
        }
        return Node(.mapping(top), at: root.location)
    }
}
