// A field is named by its label alone: a select's options or an input's value are not part of its
// name, so "Sort by" does not read "Sort by Best match Nearest …" (whose "Near" made the Near
// field's name ambiguous to assistive technology).
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Field, SelectInput, TextInput } from "./fields";

describe("a search field's name", () => {
  it("is its label, whatever its select offers or its input holds", () => {
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
    expect(screen.getByRole("combobox", { name: "Sort by" })).toBeTruthy();
    expect(screen.getByRole("textbox", { name: "Near" })).toBeTruthy();
    expect(screen.getAllByRole("textbox", { name: /near/i })).toHaveLength(1);
  });

  it("comes from the label's text by reference, as browsers name it (Chrome adds a wrapped select's options to a wrapping label's name; jsdom does not)", () => {
    render(
      <Field label="Sort by">
        <SelectInput defaultValue="relevance">
          <option value="relevance">Best match</option>
          <option value="distance">Nearest</option>
        </SelectInput>
      </Field>,
    );
    const select = screen.getByRole("combobox");
    const label = document.getElementById(select.getAttribute("aria-labelledby") ?? "-");
    expect(label?.textContent).toBe("Sort by");
  });
});
