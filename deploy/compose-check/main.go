// compose-check loads compose files with the loader `docker compose config` uses (compose-go v2:
// YAML parsing, include, merge of -f overrides, interpolation, validation against the compose-spec
// JSON schema, normalisation, path resolution, consistency checks, service env_file resolution), so
// the deploy files are validated on machines without Docker (docs/operations.md, "The topology").
//
//	compose-check [-f file]... [--project-directory dir] [--env-file file]... [--profile name]...
//	              [-p name] [--format yaml|json] [-q] [--strict]
//
// The flags mean what they mean to `docker compose`; the loader options are the ones
// `docker compose config` sets, in the same order. Exit 0 with the normalised configuration on
// stdout (nothing with -q); exit 1 with the loader's message on stderr. --strict also fails on
// the loader's warnings (an obsolete `version:` key, a misconfigured resource loader, ...), which
// `docker compose` only prints.
package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/compose-spec/compose-go/v2/cli"
	"github.com/compose-spec/compose-go/v2/types"
	"github.com/sirupsen/logrus"
)

// repeated collects a flag given several times (-f a -f b), like docker compose's string arrays.
type repeated []string

func (r *repeated) String() string     { return strings.Join(*r, ",") }
func (r *repeated) Set(v string) error { *r = append(*r, v); return nil }

type options struct {
	files      repeated
	envFiles   repeated
	profiles   repeated
	projectDir string
	name       string
	format     string
	quiet      bool
	strict     bool
}

// warningCounter remembers the loader's warnings (it logs them through logrus) for --strict.
type warningCounter struct{ messages []string }

func (w *warningCounter) Levels() []logrus.Level {
	return []logrus.Level{logrus.PanicLevel, logrus.FatalLevel, logrus.ErrorLevel, logrus.WarnLevel}
}

func (w *warningCounter) Fire(entry *logrus.Entry) error {
	w.messages = append(w.messages, entry.Message)
	return nil
}

func parseFlags(args []string) (options, error) {
	var o options
	set := flag.NewFlagSet("compose-check", flag.ContinueOnError)
	set.Var(&o.files, "f", "compose file (repeatable; later files override earlier ones)")
	set.Var(&o.files, "file", "same as -f")
	set.Var(&o.envFiles, "env-file", "environment file for interpolation (repeatable)")
	set.Var(&o.profiles, "profile", "profile to enable (repeatable; * enables all)")
	set.StringVar(&o.projectDir, "project-directory", "", "project directory (default: the first file's folder)")
	set.StringVar(&o.name, "p", "", "project name")
	set.StringVar(&o.format, "format", "yaml", "output format: yaml or json")
	set.BoolVar(&o.quiet, "q", false, "only validate, print nothing")
	set.BoolVar(&o.strict, "strict", false, "fail on loader warnings as well")
	if err := set.Parse(args); err != nil {
		return o, err
	}
	if set.NArg() > 0 {
		return o, fmt.Errorf("unexpected arguments: %s", strings.Join(set.Args(), " "))
	}
	if o.format != "yaml" && o.format != "json" {
		return o, fmt.Errorf("unsupported format %q", o.format)
	}
	return o, nil
}

// projectOptions mirrors docker compose: its ProjectOptions.toProjectOptions (OS environment first,
// then the env files or the project's .env) preceded by the options its `config` command adds.
func projectOptions(o options) (*cli.ProjectOptions, error) {
	fns := []cli.ProjectOptionsFn{
		cli.WithInterpolation(true),
		cli.WithResolvedPaths(true),
		cli.WithNormalization(true),
		cli.WithConsistency(true),
		cli.WithDefaultProfiles(o.profiles...),
		cli.WithDiscardEnvFile,
		cli.WithWorkingDirectory(o.projectDir),
		cli.WithOsEnv,
	}
	if _, present := os.LookupEnv("PWD"); !present {
		if pwd, err := os.Getwd(); err == nil {
			fns = append(fns, cli.WithEnv([]string{"PWD=" + pwd}))
		}
	}
	fns = append(fns,
		cli.WithEnvFiles(o.envFiles...),
		cli.WithDotEnv,
		cli.WithConfigFileEnv,
		cli.WithDefaultConfigPath,
		// Applied twice on purpose, as docker compose does: the project directory may only be
		// known once the compose file is, and its .env is read then.
		cli.WithEnvFiles(o.envFiles...),
		cli.WithDotEnv,
		cli.WithDefaultProfiles(o.profiles...),
		cli.WithName(o.name),
	)
	return cli.NewProjectOptions(o.files, fns...)
}

// load runs the steps `docker compose config` runs after loading: services enabled by the
// profiles, unused networks and volumes dropped, env_file entries resolved into environment
// (a missing required env file fails here), container names unique.
func load(ctx context.Context, o options) (*types.Project, error) {
	opts, err := projectOptions(o)
	if err != nil {
		return nil, err
	}
	project, err := opts.LoadProject(ctx)
	if err != nil {
		return nil, err
	}
	if project.Name == "" {
		return nil, errors.New("project name can't be empty. Use ProjectName option to set a valid name")
	}
	if project, err = project.WithServicesEnabled(); err != nil {
		return nil, err
	}
	project = project.WithoutUnnecessaryResources()
	if project, err = project.WithServicesEnvironmentResolved(true); err != nil {
		return nil, err
	}
	if err = project.CheckContainerNameUnicity(); err != nil {
		return nil, err
	}
	return project, nil
}

func render(project *types.Project, format string) ([]byte, error) {
	var content []byte
	var err error
	if format == "json" {
		content, err = project.MarshalJSON()
	} else {
		content, err = project.MarshalYAML()
	}
	if err != nil {
		return nil, err
	}
	// As docker compose prints it: interpolation is done, so a literal $ is escaped again.
	return bytes.ReplaceAll(content, []byte{'$'}, []byte{'$', '$'}), nil
}

func run(args []string) int {
	o, err := parseFlags(args)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 2
		}
		fmt.Fprintln(os.Stderr, "compose-check:", err)
		return 2
	}
	warnings := &warningCounter{}
	logrus.AddHook(warnings)
	logrus.SetOutput(os.Stderr)
	project, err := load(context.Background(), o)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	content, err := render(project, o.format)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	if o.strict && len(warnings.messages) > 0 {
		fmt.Fprintf(os.Stderr, "compose-check: %d loader warning(s) with --strict\n", len(warnings.messages))
		return 1
	}
	if !o.quiet {
		os.Stdout.Write(content)
	}
	return 0
}

func main() {
	os.Exit(run(os.Args[1:]))
}
