import { z } from 'zod';

// The path parameters of the routes on one workflow, shared by the modules that serve them
// (workflows, attachments, integrations) so that each is bounded the same way.
export const WorkflowIdParamsSchema = z.object({
  id: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 53),
});

const Tag = z.string().min(1).max(200);

export const WorkflowStepParamsSchema = WorkflowIdParamsSchema.extend({ step_tag: Tag });
export const WorkflowFieldParamsSchema = WorkflowIdParamsSchema.extend({ field_tag: Tag });
