import DestinationsUIKit
import NotesApp
import UIKit

/// The counter tab: shows the ticks of a stream the Destination runs.
final class CounterController: StackController {
    private let counter: CounterScreen

    init(counter: CounterScreen) {
        self.counter = counter
        super.init(nibName: nil, bundle: nil)
        title = "Counter"
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("made in code") }

    override func viewDidLoad() {
        super.viewDidLoad()
        let count = addLabel("0", style: .largeTitle)
        count.textAlignment = .center
        addButton("Start") { [weak self] in self?.counter.post(.start) }
        addButton("Stop") { [weak self] in self?.counter.post(.stop) }
        track { [weak self, weak count] in
            guard let self else { return }
            count?.text = "\(self.counter.count)"
        }
    }
}
