/// Making room: placement, growth and eviction.
extension GlyphAtlas {
    /// Finds room for a `glyphWidth` × `glyphHeight` bitmap and returns its top-left in the
    /// atlas, growing and then evicting as needed; nil only when it is larger than the
    /// largest atlas.
    ///
    /// Each glyph takes a cell one pixel wider and taller than itself; with the atlas's
    /// 1-pixel top and left border (the packer starts at (1, 1)) every glyph has empty
    /// pixels all around.
    func place(width glyphWidth: Int, height glyphHeight: Int) -> (x: Int, y: Int)? {
        let cellWidth = glyphWidth + 1, cellHeight = glyphHeight + 1
        guard cellWidth <= maximumSize - 1, cellHeight <= maximumSize - 1 else { return nil }

        while true {
            if let spot = packer.allocate(width: cellWidth, height: cellHeight) { return (spot.x + 1, spot.y + 1) }
            guard grow() else { break }
        }
        if let spot = evictLeastRecentlyUsed(cellWidth: cellWidth, cellHeight: cellHeight) {
            return (spot.x + 1, spot.y + 1)
        }
        // Repacking moves the whole frame; once a frame has been repacked, more of the same
        // would only copy the bitmap again for every new glyph, so it is done once a frame.
        if lastRepackFrame != frame {
            lastRepackFrame = frame
            if let spot = repackCurrentFrame(cellWidth: cellWidth, cellHeight: cellHeight) {
                return (spot.x + 1, spot.y + 1)
            }
        }
        // The glyph fits an empty atlas of the maximum size (checked above).
        evictEverything()
        return packer.allocate(width: cellWidth, height: cellHeight).map { ($0.x + 1, $0.y + 1) }
    }

    /// Doubles the narrower side (width first when square), up to `maximumSize`, keeping
    /// every glyph where it is. False when the atlas is already at its maximum.
    private func grow() -> Bool {
        var newWidth = width, newHeight = height
        if width <= height, width < maximumSize {
            newWidth = min(maximumSize, width * 2)
        } else if height < maximumSize {
            newHeight = min(maximumSize, height * 2)
        } else if width < maximumSize {
            newWidth = min(maximumSize, width * 2)
        } else {
            return false
        }
        var grown = [UInt8](repeating: 0, count: newWidth * newHeight)
        let oldWidth = width, rows = height
        grown.withUnsafeMutableBufferPointer { out in
            pixels.withUnsafeBufferPointer { old in
                for row in 0..<rows {
                    (out.baseAddress! + row * newWidth).update(from: old.baseAddress! + row * oldWidth, count: oldWidth)
                }
            }
        }
        replacePixels(grown, width: newWidth, height: newHeight)
        packer.grow(width: newWidth - 1, height: newHeight - 1)
        return true
    }

    /// Evicts glyphs not used in the current frame, least recently used first, in batches of
    /// about a quarter of the atlas's area, until a cell of the given size fits; the glyphs
    /// that stay do not move. Nil when even evicting all of them is not enough.
    private func evictLeastRecentlyUsed(cellWidth: Int, cellHeight: Int) -> (x: Int, y: Int)? {
        var candidates: [Int32] = []
        for index in slots.indices where slots[index].resident && slots[index].lastUsed != frame {
            candidates.append(Int32(index))
        }
        guard !candidates.isEmpty else { return nil }
        candidates.sort { a, b in
            let left = slots[Int(a)].lastUsed, right = slots[Int(b)].lastUsed
            return left != right ? left < right : a < b
        }
        evictionCount += 1
        generation += 1

        let batchArea = max(width * height / 4, cellWidth * cellHeight)
        var next = 0
        while next < candidates.count {
            var freed = 0
            while next < candidates.count, freed < batchArea {
                let glyph = slots[Int(candidates[next])].glyph
                freed += Int(glyph.width + 1) * Int(glyph.height + 1)
                evict(slot: candidates[next])
                next += 1
            }
            if let spot = packer.allocate(width: cellWidth, height: cellHeight) { return spot }
        }
        return nil
    }

    /// Removes one resident glyph: frees its cell, clears its pixels, forgets its slot.
    private func evict(slot index: Int32) {
        let record = slots[Int(index)]
        let glyph = record.glyph
        packer.free(x: Int(glyph.x) - 1, y: Int(glyph.y) - 1, width: Int(glyph.width) + 1)
        clearPixels(x: Int(glyph.x), y: Int(glyph.y), width: Int(glyph.width), height: Int(glyph.height))
        forget(slot: index)
    }

    /// Drops a slot from the table and makes it reusable.
    private func forget(slot index: Int32) {
        let record = slots[Int(index)]
        table.set(-1, forKey: record.scalar)
        if record.resident { residentGlyphCount -= 1 }
        slots[Int(index)].resident = false
        freeSlots.append(index)
    }

    /// The current frame's glyphs alone fill the atlas, scattered: packs them again, tallest
    /// first, into a cleared bitmap (they move), then places the new cell. Glyphs that no
    /// longer fit are dropped. Nil when the new cell still does not fit.
    private func repackCurrentFrame(cellWidth: Int, cellHeight: Int) -> (x: Int, y: Int)? {
        var kept: [Int32] = []
        for index in slots.indices where slots[index].resident { kept.append(Int32(index)) }
        guard !kept.isEmpty else { return nil }
        kept.sort { a, b in
            let left = slots[Int(a)].glyph, right = slots[Int(b)].glyph
            if left.height != right.height { return left.height > right.height }
            if left.width != right.width { return left.width > right.width }
            return a < b
        }
        relocationCount += 1
        evictionCount += 1

        let old = pixels, stride = width
        var fresh = [UInt8](repeating: 0, count: width * height)
        packer.removeAll()
        for index in kept {
            let glyph = slots[Int(index)].glyph
            guard let spot = packer.allocate(width: Int(glyph.width) + 1, height: Int(glyph.height) + 1) else {
                forget(slot: index)
                continue
            }
            let x = spot.x + 1, y = spot.y + 1, rowLength = Int(glyph.width)
            fresh.withUnsafeMutableBufferPointer { out in
                old.withUnsafeBufferPointer { source in
                    for row in 0..<Int(glyph.height) {
                        (out.baseAddress! + (y + row) * stride + x)
                            .update(from: source.baseAddress! + (Int(glyph.y) + row) * stride + Int(glyph.x), count: rowLength)
                    }
                }
            }
            slots[Int(index)].glyph.x = Int32(x)
            slots[Int(index)].glyph.y = Int32(y)
        }
        replacePixels(fresh, width: width, height: height)
        return packer.allocate(width: cellWidth, height: cellHeight)
    }

    /// Drops every resident glyph, in use or not, and clears the bitmap.
    private func evictEverything() {
        for index in slots.indices where slots[index].resident { forget(slot: Int32(index)) }
        packer.removeAll()
        relocationCount += 1
        evictionCount += 1
        replacePixels([UInt8](repeating: 0, count: width * height), width: width, height: height)
    }

    /// Every glyph with pixels in the atlas and the character it is for (for tests).
    var residentGlyphs: [(scalar: UInt32, glyph: AtlasGlyph)] {
        slots.filter(\.resident).map { ($0.scalar, $0.glyph) }
    }

    /// True when `scalar` was asked for in the current frame and is still known.
    func isInUse(_ scalar: UInt32) -> Bool {
        let slot = table.slot(for: scalar)
        return slot >= 0 && slots[Int(slot)].lastUsed == frame
    }
}
