CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_id" uuid,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "minutes_parts" (
	"transcription_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"words_hash" text NOT NULL,
	"model" text NOT NULL,
	"result" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "minutes_parts_transcription_id_position_pk" PRIMARY KEY("transcription_id","position")
);
--> statement-breakpoint
ALTER TABLE "analyses" ADD COLUMN "stand_in" text;--> statement-breakpoint
ALTER TABLE "analyses" ADD COLUMN "llm_version" jsonb;--> statement-breakpoint
ALTER TABLE "subscription_types" ADD COLUMN "audio_retention_days" integer;--> statement-breakpoint
ALTER TABLE "transcriptions" ADD COLUMN "audio_source" text;--> statement-breakpoint
ALTER TABLE "transcriptions" ADD COLUMN "meeting" jsonb;--> statement-breakpoint
ALTER TABLE "transcriptions" ADD COLUMN "audio_deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "delete_audio_when_ready" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "minutes_parts" ADD CONSTRAINT "minutes_parts_transcription_id_transcriptions_id_fk" FOREIGN KEY ("transcription_id") REFERENCES "public"."transcriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","created_at");