extension RandomAccessCollection where Element: Comparable, Index == Int {
    /// In a collection sorted in ascending order: the first index whose element is not below
    /// `value` (`endIndex` when there is none), by binary search.
    func firstIndex(notBelow value: Element) -> Int {
        var low = startIndex, high = endIndex
        while low < high {
            let middle = (low + high) / 2
            if self[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
