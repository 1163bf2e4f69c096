/// Flickr's licence IDs (`flickr.photos.licenses.getInfo`), so the catalog
/// says what each photo may be used for.
package enum FlickrLicense {
    package static let names: [Int: (name: String, url: String?)] = [
        0: ("All Rights Reserved", nil),
        1: ("CC BY-NC-SA 2.0", "https://creativecommons.org/licenses/by-nc-sa/2.0/"),
        2: ("CC BY-NC 2.0", "https://creativecommons.org/licenses/by-nc/2.0/"),
        3: ("CC BY-NC-ND 2.0", "https://creativecommons.org/licenses/by-nc-nd/2.0/"),
        4: ("CC BY 2.0", "https://creativecommons.org/licenses/by/2.0/"),
        5: ("CC BY-SA 2.0", "https://creativecommons.org/licenses/by-sa/2.0/"),
        6: ("CC BY-ND 2.0", "https://creativecommons.org/licenses/by-nd/2.0/"),
        7: ("No known copyright restrictions", "https://www.flickr.com/commons/usage/"),
        8: ("United States Government Work", "http://www.usa.gov/copyright.shtml"),
        9: ("CC0 1.0 (Public Domain Dedication)", "https://creativecommons.org/publicdomain/zero/1.0/"),
        10: ("Public Domain Mark 1.0", "https://creativecommons.org/publicdomain/mark/1.0/"),
        11: ("CC BY 4.0", "https://creativecommons.org/licenses/by/4.0/"),
        12: ("CC BY-SA 4.0", "https://creativecommons.org/licenses/by-sa/4.0/"),
        13: ("CC BY-ND 4.0", "https://creativecommons.org/licenses/by-nd/4.0/"),
        14: ("CC BY-NC 4.0", "https://creativecommons.org/licenses/by-nc/4.0/"),
        15: ("CC BY-NC-SA 4.0", "https://creativecommons.org/licenses/by-nc-sa/4.0/"),
        16: ("CC BY-NC-ND 4.0", "https://creativecommons.org/licenses/by-nc-nd/4.0/"),
    ]

    /// Every ID Flickr defines; `--license` accepts these.
    package static let ids = names.keys.min()!...names.keys.max()!
}
