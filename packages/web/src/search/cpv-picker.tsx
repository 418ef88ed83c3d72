import type { CpvSuggestion, CpvSuggestionList } from "@tender/contracts";
import { useEffect, useRef, useState } from "preact/hooks";
import type { ApiClient } from "../api/api-client.js";
import { UserText } from "../components/user-text.js";
import { cpvFilterPrefix } from "./cpv-filter-prefix.js";

interface Props {
  api: ApiClient;
  /** Adds a CPV prefix to the filter, with its label when it came from the vocabulary. */
  onPick: (prefix: string, label: string | null) => void;
}

// Typing settles before a look-up goes out: one request per pause, not per key.
const PAUSE_MS = 200;
const DIGITS = /^\d{2,8}$/;

/**
 * The CPV picker (WAI-ARIA combobox with a list box): words of a label in the reader's language
 * or digits of a code suggest codes from `GET /api/v1/cpv`; a suggestion chosen with the mouse,
 * or with the arrow keys and Enter, adds its prefix to the filter. Digits alone and Enter add
 * themselves, as before. Escape closes the list.
 */
export function CpvPicker({ api, onPick }: Props) {
  const [text, setText] = useState("");
  const [options, setOptions] = useState<CpvSuggestion[]>([]);
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const q = text.trim();
    if (q.length < 2) {
      setOptions([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api.get<CpvSuggestionList>("/cpv", new URLSearchParams({ q, limit: "8" }), controller.signal).then(
        (list) => {
          if (controller.signal.aborted) return;
          setOptions(list.items);
          setActive(-1);
          setOpen(true);
        },
        // A failed look-up leaves the field as a plain code field; the filters still work.
        () => {
          if (!controller.signal.aborted) setOptions([]);
        },
      );
    }, PAUSE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [api, text]);

  const pick = (prefix: string, label: string | null) => {
    onPick(prefix, label);
    setText("");
    setOptions([]);
    setOpen(false);
    input.current?.focus();
  };
  const shown = open && options.length > 0;
  return (
    <div class="cpv-picker">
      <label for="filter-cpv-prefix">CPV code or subject</label>
      <input
        ref={input}
        id="filter-cpv-prefix"
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls="cpv-options"
        aria-activedescendant={shown && active >= 0 ? `cpv-option-${active}` : undefined}
        placeholder="e.g. road maintenance or 4523"
        maxLength={100}
        value={text}
        onInput={(e) => setText((e.target as HTMLInputElement).value)}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown" || e.key === "ArrowUp") {
            if (options.length === 0) return;
            e.preventDefault();
            setOpen(true);
            const step = e.key === "ArrowDown" ? 1 : -1;
            setActive((i) => (i + step + options.length) % options.length);
          } else if (e.key === "Escape") {
            setOpen(false);
          } else if (e.key === "Enter") {
            // Inside the filter form: Enter picks, it never applies the other fields half-typed.
            e.preventDefault();
            const chosen = shown && active >= 0 ? options[active] : undefined;
            if (chosen) pick(cpvFilterPrefix(chosen.code), chosen.label);
            else if (DIGITS.test(text.trim())) pick(text.trim(), null);
          }
        }}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
      />
      {shown && (
        <div id="cpv-options" role="listbox" aria-label="CPV codes" class="cpv-options">
          {options.map((option, i) => (
            <div
              key={option.code}
              id={`cpv-option-${i}`}
              role="option"
              // The focus stays in the field (aria-activedescendant); -1 only lets a click land here.
              tabIndex={-1}
              aria-selected={i === active}
              class={i === active ? "active" : undefined}
              // Before the input's blur closes the list.
              onMouseDown={(e) => {
                e.preventDefault();
                pick(cpvFilterPrefix(option.code), option.label);
              }}
            >
              <span class="cpv-code">{option.code}</span> <UserText text={option.label} />
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
