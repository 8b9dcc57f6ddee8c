// Draw each chart from the figure data the server put in a json_script element beside it.
document.querySelectorAll("[data-plotly]").forEach(function (el) {
  var source = document.getElementById(el.dataset.plotly);
  if (!source || !window.Plotly) return;
  var figure = JSON.parse(source.textContent);
  window.Plotly.newPlot(el, figure.data, figure.layout, figure.config);
});
