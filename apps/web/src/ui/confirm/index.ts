export {
  CONFIRM_BUTTON_TYPES,
  CONFIRM_DEFAULTS,
  type TConfirmButtonType,
  type TConfirmOptions,
  type TConfirmResult,
  UnsupportedConfirmButtonTypeError,
} from "./confirm-options";
export { ConfirmProvider, type TConfirm, useConfirm } from "./confirm-provider";
