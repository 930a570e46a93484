ALTER TABLE "task_files" ADD COLUMN "kind" text DEFAULT 'brief' NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "submit_note" text;