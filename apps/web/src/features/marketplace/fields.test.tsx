// A field is named by its label alone: a select's options are not part of its name, so "Sort by"
// does not read "Sort by Best match Nearest …" (whose "Near" made the Near field's name ambiguous
// to assistive technology). Chrome adds a wrapped select's options to a wrapping label's name and
// jsdom does not, so the test checks the reference that makes browsers name it by the label only.
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Field, SelectInput, TextInput } from "./fields";

describe("a search field's name", () => {
  it("comes from its label's text by reference, for selects and inputs alike", () => {
    render(
      <>
        <Field label="Sort by">
          <SelectInput defaultValue="relevance">
            <option value="relevance">Best match</option>
            <option value="distance">Nearest</option>
          </SelectInput>
        </Field>
        <Field label="Near">
          <TextInput defaultValue="Denver, CO" />
        </Field>
      </>,
    );
    const labelOf = (control: HTMLElement) =>
      document.getElementById(control.getAttribute("aria-labelledby") ?? "-")?.textContent;
    expect(labelOf(screen.getByRole("combobox", { name: "Sort by" }))).toBe("Sort by");
    expect(labelOf(screen.getByRole("textbox", { name: "Near" }))).toBe("Near");
  });
});
