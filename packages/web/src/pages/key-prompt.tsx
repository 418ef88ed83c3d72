import { useEffect, useRef, useState } from "preact/hooks";

interface Props {
  /** Why the prompt is shown again: the API's message for a refused key. */
  message: string | null;
  onKey: (key: string) => void;
}

/** Asks for the API key once per browser session. */
export function KeyPrompt({ message, onKey }: Props) {
  const [value, setValue] = useState("");
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  return (
    <main id="main" class="key-prompt">
      <h1>Sign in with your API key</h1>
      <p>
        Paste the API key you were given (it starts with <code>tsk_</code>). It is kept in this browser tab
        only, until you close the tab or choose “Forget key”.
      </p>
      {message && (
        <div class="notice notice-error" role="alert" data-testid="key-refused">
          <p>
            <strong>This key was refused.</strong> {message}
          </p>
        </div>
      )}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const key = value.trim();
          if (key !== "") onKey(key);
        }}
      >
        <label for="api-key">API key</label>
        <div class="row">
          <input
            id="api-key"
            ref={input}
            type="password"
            autocomplete="off"
            spellcheck={false}
            required
            value={value}
            onInput={(e) => setValue((e.target as HTMLInputElement).value)}
          />
          <button type="submit">Use this key</button>
        </div>
      </form>
    </main>
  );
}
