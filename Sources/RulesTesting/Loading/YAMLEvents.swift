// CYaml is Yams' own copy of libyaml: its event stream is read directly
// where Yams' composed tree would cost too much (see YAMLLimits, YAMLComposer).
import CYaml

/// libyaml's event stream over a suite's UTF-8 text.
enum YAMLEvents {
    /// What to do after an event.
    enum Step<Result> {
        case next
        case stop(Result)
    }

    /// Calls `visit` with each event of `bytes` until it stops, and returns
    /// what it stopped with; `nil` when libyaml finds an error first or the
    /// stream ends.
    static func read<Result>(_ bytes: UnsafeBufferPointer<UInt8>, _ visit: (yaml_event_t) -> Step<Result>) -> Result? {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return nil }
        defer { yaml_parser_delete(&parser) }
        yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
        yaml_parser_set_input_string(&parser, bytes.baseAddress, bytes.count)
        while true {
            var event = yaml_event_t()
            guard yaml_parser_parse(&parser, &event) == 1 else { return nil }
            defer { yaml_event_delete(&event) }
            if case .stop(let result) = visit(event) { return result }
            if event.type == YAML_STREAM_END_EVENT { return nil }
        }
    }

    /// Where an event starts, 1-based as Yams reports positions.
    static func mark(_ event: yaml_event_t) -> YAMLNode.Mark {
        YAMLNode.Mark(line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1)
    }
}
