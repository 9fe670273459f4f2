ALTER TABLE `events` ADD `name` text;--> statement-breakpoint
ALTER TABLE `events` ADD `starts_at` text;