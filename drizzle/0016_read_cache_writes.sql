CREATE TABLE "read_cache_writes" (
	"seq" bigint PRIMARY KEY NOT NULL,
	"scopes" jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
