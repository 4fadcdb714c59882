// urispec diff adapter: Go's net/url (standard library), with either of its parsing functions:
//
//	go-net-url parse          # url.Parse: "The url may be relative (a path, without a host) or absolute"
//	go-net-url requesturi     # url.ParseRequestURI: "assumes that rawURL was received in an HTTP request,
//	                          # so the rawURL is interpreted only as an absolute URI or an absolute path"
//
// An input is valid when the function returns no error. Components are the URL's fields in
// their escaped form. Resolution mode (`go-net-url parse resolve BASE`):
// base.ResolveReference(ref), "from an absolute base URI u, per RFC 3986 Section 5.2".
// Built by scripts/conformance/setup.sh into build/conformance/go-net-url.
package main

import (
	"bufio"
	"encoding/json"
	"net/url"
	"os"
)

type answer struct {
	Valid      bool               `json:"valid"`
	Components map[string]*string `json:"components,omitempty"`
	Error      string             `json:"error,omitempty"`
}

func str(s string) *string { return &s }

func components(u *url.URL) map[string]*string {
	c := map[string]*string{"path": str(u.EscapedPath()), "query": str(u.RawQuery), "fragment": str(u.EscapedFragment())}
	if u.Scheme != "" {
		c["scheme"] = str(u.Scheme)
	}
	if u.Opaque != "" {
		c["path"] = str(u.Opaque)
	}
	if u.Host != "" {
		c["host"] = str(u.Hostname())
		if p := u.Port(); p != "" {
			c["port"] = str(p)
		}
	}
	if u.User != nil {
		c["userinfo"] = str(u.User.String())
	}
	return c
}

func main() {
	mode := "parse"
	if len(os.Args) > 1 {
		mode = os.Args[1]
	}
	var base *url.URL
	if len(os.Args) > 3 && os.Args[2] == "resolve" {
		var err error
		if base, err = url.Parse(os.Args[3]); err != nil {
			os.Stderr.WriteString("the base does not parse: " + err.Error() + "\n")
			os.Exit(3)
		}
	}
	in := bufio.NewReaderSize(os.Stdin, 1<<16)
	out := bufio.NewWriter(os.Stdout)
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	for {
		line, err := in.ReadString('\n')
		if line == "" && err != nil {
			break
		}
		var input string
		var a answer
		if jerr := json.Unmarshal([]byte(line), &input); jerr != nil {
			a = answer{Error: "not a JSON string: " + jerr.Error()}
		} else if base != nil {
			if ref, perr := url.Parse(input); perr != nil {
				a = answer{Error: perr.Error()}
			} else {
				a = answer{Valid: true, Components: map[string]*string{"target": str(base.ResolveReference(ref).String())}}
			}
		} else {
			var u *url.URL
			var perr error
			if mode == "requesturi" {
				u, perr = url.ParseRequestURI(input)
			} else {
				u, perr = url.Parse(input)
			}
			if perr != nil {
				a = answer{Error: perr.Error()}
			} else {
				a = answer{Valid: true, Components: components(u)}
			}
		}
		enc.Encode(a)
		out.Flush()
	}
}
