import ETLCore

/// The decoded pixels all pictures in flight may hold at once
/// (``PictureLimits/maxHeldBytesInFlight``): a picture whose decoder holds
/// its whole picture (``PictureHeader/held(kind:bytes:)``) takes its share
/// before decoding and gives it back after, waiting in turn while others
/// hold too much. Pictures that stream take nothing and never wait.
///
/// A share is at most the whole budget (larger pictures are refused before
/// this), so the first in line always gets its share once the pictures
/// holding memory finish; each finishes in bounded time, so no wait is
/// endless, and the turn is first come, first served.
package actor PictureMemory {
    package let capacity: Int
    private var used = 0
    private var waiting: [(bytes: Int, turn: CheckedContinuation<Void, Never>)] = []

    package init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// Takes `bytes` of the budget, waiting until they are free; returns
    /// what was taken, for ``release(_:)``.
    package func acquire(_ bytes: Int) async -> Int {
        let share = min(max(0, bytes), capacity)
        guard share > 0 else { return 0 }
        if waiting.isEmpty, used + share <= capacity {
            used += share
            return share
        }
        await withCheckedContinuation { waiting.append((share, $0)) }
        return share
    }

    /// Gives back a share from ``acquire(_:)`` and lets in those whose turn it is.
    package func release(_ share: Int) {
        used -= share
        while let first = waiting.first, used + first.bytes <= capacity {
            waiting.removeFirst()
            used += first.bytes
            first.turn.resume()
        }
    }

    /// Bytes taken now, and pictures waiting for theirs.
    package var state: (used: Int, waiting: Int) { (used, waiting.count) }
}
