import CTemporaryFiles
import Testing

/// The temporary files a signal would remove (`CTemporaryFiles`): remembered while they are
/// written, forgotten after, and never more than the slots hold. (The removal itself runs in
/// a signal handler that ends the process; it was checked by hand with SIGTERM during a
/// 28 MB `paginate --json`: the old output kept, no `.tmp-` file left.)
@Suite(.serialized) struct TemporaryFileSlotsTests {
    @Test func slotsAreTakenWhileWrittenAndFreedAfter() {
        var slots: [Int32] = []
        for k in 0..<40 {
            let slot = pt_tmp_remember("/tmp/pageturn-slot-test-\(k).tmp-1-1")
            if slot < 0 { break }
            slots.append(slot)
        }
        // Another test's AtomicFile write may hold a slot meanwhile: at most all 32, at least most.
        #expect(slots.count <= 32 && slots.count >= 24, "\(slots.count) slots")
        #expect(Set(slots).count == slots.count, "each path its own slot")
        let extra = pt_tmp_remember("/tmp/one-too-many")
        #expect(extra == -1 || slots.count < 32, "no slot past the 32")
        pt_tmp_forget(extra)
        for slot in slots { pt_tmp_forget(slot) }
        let again = pt_tmp_remember("/tmp/pageturn-slot-test-again")
        #expect(again >= 0, "forgotten slots are free again")
        pt_tmp_forget(again)
    }

    @Test func aPathTooLongForASlotIsNotRemembered() {
        #expect(pt_tmp_remember("/" + String(repeating: "x", count: 5000)) == -1)
        pt_tmp_forget(-1)  // ignored
    }
}
