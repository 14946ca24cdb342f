import { describe, expect, it } from "vitest";
import { hashPassword, passwordProblem, verifyPassword } from "./passwords";

describe("password strength rule", () => {
  it.each([
    ["short1!", /at least 10 characters/],
    ["x".repeat(201), /at most 200/],
    ["1234567890!", /one letter/],
    ["onlyletterslong", /number or symbol/],
  ])("refuses %s and says what is missing", (password, message) => {
    expect(passwordProblem(password)).toMatch(message);
  });

  it("accepts a long passphrase with a number, and one with a symbol", () => {
    expect(passwordProblem("correct horse 42")).toBeNull();
    expect(passwordProblem("correct-horse-battery")).toBeNull();
  });

  it("refuses a password that contains the e-mail's name", () => {
    expect(passwordProblem("ada.lovelace-2026", "ada.lovelace@example.com")).toMatch(/e-mail/);
  });
});

describe("argon2id hashing", () => {
  it("verifies the right password and refuses a wrong one", async () => {
    const hashed = await hashPassword("correct horse 42");
    expect(hashed).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(hashed, "correct horse 42")).toBe(true);
    expect(await verifyPassword(hashed, "correct horse 43")).toBe(false);
    expect(await verifyPassword("not a hash", "x")).toBe(false);
  });
});
