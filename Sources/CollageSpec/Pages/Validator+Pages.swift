/// `pages:` and `paginate:` as the validator checks them (`DocumentPages`).
extension Validator {
    /// The page being validated (the variable `page`; 1 when it is unset or not a number).
    var page: Int { DocumentPages.selected(overrides) ?? 1 }

    /// The most photos `paginate.perPage` takes.
    static let maxPerPage = 10_000

    /// Checks `pages` (a list of page bodies) and `paginate` (`{perPage: N}`),
    /// sets `pageCount` for `pages` and returns `perPage`; nil without `paginate`.
    mutating func readPages(_ pages: Node.Entry?, paginate: Node.Entry?) -> Int? {
        if let pages {
            if case .sequence(let items) = pages.value.content {
                if items.isEmpty { report(.invalidValue, pages.value.location, "'pages' lists no pages; give at least one page body") }
                pageCount = max(1, items.count)
                // The page validated is the one whose keys are checked: a typo in page 3 is reported on page 3 only.
                if items.indices.contains(page - 1) { _ = keys(of: items[page - 1], in: Vocabulary.page, key: "page") }
            } else {
                report(.wrongType, pages.value.location,
                       "expected a list of page bodies ({photos, layout, overlays, canvas}) for 'pages', found \(describe(pages.value))")
            }
        }
        guard let paginate else { return nil }
        if let pages {
            report(.invalidValue, paginate.keyLocation,
                   "'paginate' and 'pages' cannot both be given",
                   notes: ["'pages' at line \(pages.keyLocation.line) lists each page; 'paginate' splits 'photos' into pages: keep one"])
            return nil
        }
        guard let keys = keys(of: paginate.value, in: Vocabulary.paginate, key: "paginate") else { return nil }
        guard let perPage = keys["perPage"] else {
            report(.missingKey, paginate.value.location, "missing key 'perPage' in 'paginate': the number of photos on each page")
            return nil
        }
        return int(perPage.value, key: "perPage", range: 1...Self.maxPerPage)
    }

    /// The selected page's photos of `photos` (`paginate`), setting
    /// `pageCount`; reports a page beyond the last at `paginate`.
    mutating func paginate(_ photos: [PhotoSpec], perPage: Int, at entry: Node.Entry?) -> [PhotoSpec] {
        pageCount = max(1, (photos.count + perPage - 1) / perPage)
        guard page <= pageCount else {
            report(.outOfRange, entry?.keyLocation ?? documentStart,
                   "there is no page \(page): \(photos.count) photos at \(perPage) a page make \(pageCount) page\(pageCount == 1 ? "" : "s")")
            return []
        }
        let start = (page - 1) * perPage
        return Array(photos[min(start, photos.count)..<min(start + perPage, photos.count)])
    }

    /// Reports a `page` variable that names no page of `pages` (or is not a number).
    mutating func checkSelectedPage(_ pages: Node.Entry?, paginate: Node.Entry?) {
        guard pages != nil || paginate != nil else { return }
        if let text = overrides[DocumentPages.variable], DocumentPages.selected(overrides) == nil {
            report(.invalidValue, documentStart, "page '\(text)' is not a page number; pages are numbered from 1")
        } else if let pages, page > pageCount {
            report(.outOfRange, pages.keyLocation, "there is no page \(page): 'pages' lists \(pageCount)")
        }
    }
}

extension Vocabulary {
    /// One page under `pages:` (`DocumentPages`; the schema's `$defs/page`).
    static let page = Section(name: "page", phrase: "in a page", supported: DocumentPages.bodyKeys, unsupported: [])
    /// `paginate:` (the schema's `$defs/paginate`).
    static let paginate = Section(name: "paginate", phrase: "in 'paginate'", supported: ["perPage"], unsupported: [])
}
