extension CaseIterable where Self: Equatable, AllCases: RandomAccessCollection {
    /// The case after this one, round the list (Tab's next scene, L's next language).
    var next: Self {
        let all = Self.allCases
        let index = all.index(after: all.firstIndex(of: self)!)
        return index == all.endIndex ? all[all.startIndex] : all[index]
    }
}
