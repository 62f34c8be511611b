import { forwardRef, useImperativeHandle, useRef, useState, type ClipboardEvent, type KeyboardEvent } from "react";
import { sanitizeCode } from "~/lib/validation/auth";

export type CodeInputHandle = { clear: () => void; focus: () => void };

type Props = {
  /** Called with the six digits as soon as the last box is filled (auto-submit). */
  onComplete?: (code: string) => void;
  onChange?: (code: string) => void;
  disabled?: boolean;
  autoFocus?: boolean;
  /** Each box is submitted under this name, so a plain form (no JavaScript) sends the code too. */
  name?: string;
};

const LENGTH = 6;

/**
 * Six single-digit boxes: typing advances, Backspace goes back, arrows move, a pasted text is
 * stripped of non-digits and spread over the boxes; the sixth digit calls onComplete.
 */
export const CodeInput = forwardRef<CodeInputHandle, Props>(function CodeInput({ onComplete, onChange, disabled, autoFocus, name = "code" }, ref) {
  const [digits, setDigits] = useState<string[]>(() => Array(LENGTH).fill(""));
  const inputs = useRef<(HTMLInputElement | null)[]>([]);

  const focusAt = (index: number) => {
    const el = inputs.current[Math.max(0, Math.min(LENGTH - 1, index))];
    el?.focus();
    el?.select();
  };

  useImperativeHandle(ref, () => ({
    clear() {
      setDigits(Array(LENGTH).fill(""));
      onChange?.("");
      setTimeout(() => focusAt(0), 0);
    },
    focus: () => focusAt(0),
  }));

  const update = (next: string[], focusIndex: number) => {
    setDigits(next);
    const code = next.join("");
    onChange?.(code);
    if (code.length === LENGTH && next.every((d) => d !== "")) {
      onComplete?.(code);
    } else {
      focusAt(focusIndex);
    }
  };

  const fillFrom = (start: number, text: string) => {
    const clean = sanitizeCode(text);
    if (!clean) return;
    const next = [...digits];
    let i = start;
    for (const ch of clean) {
      if (i >= LENGTH) break;
      next[i++] = ch;
    }
    update(next, Math.min(i, LENGTH - 1));
  };

  const onInput = (index: number, value: string) => {
    const clean = value.replace(/\D/g, "");
    if (!clean) {
      const next = [...digits];
      next[index] = "";
      setDigits(next);
      onChange?.(next.join(""));
      return;
    }
    if (clean.length > 1) {
      // Autofill or a digit typed over a filled box: spread from this box.
      fillFrom(index, digits[index] && clean.length === 2 && clean.startsWith(digits[index]) ? clean.slice(1) : clean);
      return;
    }
    const next = [...digits];
    next[index] = clean;
    update(next, index + 1);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Backspace") {
      event.preventDefault();
      const next = [...digits];
      if (next[index]) {
        next[index] = "";
        setDigits(next);
        onChange?.(next.join(""));
      } else if (index > 0) {
        next[index - 1] = "";
        setDigits(next);
        onChange?.(next.join(""));
        focusAt(index - 1);
      }
    } else if (event.key === "ArrowLeft") {
      event.preventDefault();
      focusAt(index - 1);
    } else if (event.key === "ArrowRight") {
      event.preventDefault();
      focusAt(index + 1);
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const text = event.clipboardData.getData("text");
    const clean = sanitizeCode(text);
    if (clean.length === LENGTH) fillFrom(0, clean);
    else
      fillFrom(
        inputs.current.findIndex((el) => el === event.currentTarget),
        clean,
      );
  };

  return (
    <div className="flex justify-center gap-2" role="group" aria-label="Codice di verifica" data-testid="code-input">
      {digits.map((digit, index) => (
        <input
          key={index}
          ref={(el) => {
            inputs.current[index] = el;
          }}
          name={name}
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? "one-time-code" : "off"}
          maxLength={LENGTH}
          value={digit}
          disabled={disabled}
          autoFocus={autoFocus && index === 0}
          aria-label={`Cifra ${index + 1} di ${LENGTH}`}
          className="h-12 w-10 rounded-lg border border-slate-300 bg-white text-center text-xl font-semibold shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500 disabled:opacity-50 sm:h-14 sm:w-12"
          onChange={(e) => onInput(index, e.target.value)}
          onKeyDown={(e) => onKeyDown(index, e)}
          onPaste={onPaste}
          onFocus={(e) => e.target.select()}
        />
      ))}
    </div>
  );
});
