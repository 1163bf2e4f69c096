import ETLCore
import FetchEngine

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
    /// Shares waiting their turn, first come first served, by ticket.
    private var line: [(ticket: Int, bytes: Int)] = []
    private var tickets = 0
    /// The last ticket let in: a waiter's turn has come when this reaches
    /// its ticket (one waiter mechanism, ``LevelWaiters``, which drops a
    /// cancelled wait).
    private var admitted = 0
    private let turns = LevelWaiters()

    package init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// Takes `bytes` of the budget, waiting until they are free; returns
    /// what was taken, for ``release(_:)``, or nil when the task was
    /// cancelled before its turn (it took nothing and left the line).
    package func acquire(_ bytes: Int) async -> Int? {
        let share = min(max(0, bytes), capacity)
        guard share > 0 else { return 0 }
        if line.isEmpty, used + share <= capacity {
            used += share
            return share
        }
        tickets += 1
        let ticket = tickets
        line.append((ticket, share))
        await turns.wait(until: ticket)
        // Tickets are let in in order and only this waiter takes its own out
        // of the line: one at or before the last let in was let in.
        if admitted >= ticket { return share }
        line.removeAll { $0.ticket == ticket }
        letIn()
        return nil
    }

    /// Gives back a share from ``acquire(_:)`` and lets in those whose turn it is.
    package func release(_ share: Int) {
        used -= share
        letIn()
    }

    private func letIn() {
        while let first = line.first, used + first.bytes <= capacity {
            line.removeFirst()
            used += first.bytes
            admitted = first.ticket
        }
        turns.set(admitted)
    }

    /// Bytes taken now, and pictures waiting for theirs.
    package var state: (used: Int, waiting: Int) { (used, line.count) }
}
