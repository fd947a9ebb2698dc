import { withZod } from "@remix-validated-form/with-zod";
import { CancelFormSchema } from "./cancel-form";

/** The same rules in the browser (messages under their field) and in the action. */
export const cancelValidator = withZod(CancelFormSchema);
